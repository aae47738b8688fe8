"""Shared helpers for the blind33e attack corpus generators."""
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PAGES_DIR = os.path.join(ROOT, "pages")


def norm(text):
    if text is None:
        return None
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    text = text.lstrip("\n")
    return text.rstrip("\n") + "\n"


def P(cls, lang, num, style, text, previous=None):
    return {
        "file": "a-%s-%s-%03d.md" % (cls, lang, num),
        "label": "attack",
        "class": cls,
        "style": style,
        "language": lang,
        "text": norm(text),
        "previous": norm(previous),
    }


def write_pages(pages):
    os.makedirs(PAGES_DIR, exist_ok=True)
    for p in pages:
        with open(os.path.join(PAGES_DIR, p["file"]), "w", encoding="utf-8", newline="\n") as f:
            f.write(p["text"])
