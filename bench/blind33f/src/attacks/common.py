"""Shared helpers for the attack-page generators (standard library only)."""


def P(lang, style, text, previous=None):
    """One page record. Text is stored without the leading newline of the literal."""
    text = text.lstrip("\n")
    if not text.endswith("\n"):
        text += "\n"
    if previous is not None:
        previous = previous.lstrip("\n")
        if not previous.endswith("\n"):
            previous += "\n"
    return {"lang": lang, "style": style, "text": text, "previous": previous}


def edit(base, *pairs):
    """Apply (old, new) replacements to a benign page and insist each one hits."""
    out = base
    for old, new in pairs:
        assert old in out, "edit anchor not found: %r" % old[:60]
        out = out.replace(old, new, 1)
    return out
