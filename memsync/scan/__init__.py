"""The content scanner's parts; ``scanner`` is the entry point.

``findings`` (severity, the finding record), ``text`` (normalised, decoded and
hidden views of a page, and its documentary context), ``unicode`` (invisible,
bidirectional and look-alike characters), ``lexicon`` and ``rules`` (what text
addressed to an agent looks like, in many languages), ``markup`` (comments,
links, data URIs) and ``claims`` (what a new version asserts that the live
field did not).
"""
