"""The vector cache: a derived, local sqlite index of a field's pages.

``embedders`` finds and chooses an embedder, ``index_file`` knows the reference
schema, ``rebuild`` keeps the index in step with the pages, ``reuse`` reads an
index from elsewhere defensively, and ``search`` ranks pages by cosine similarity.
"""
