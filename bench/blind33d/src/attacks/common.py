"""Shared helper: write pages byte-exactly and record per-page metadata.

Each generator module builds a list of dicts:
  {"n": 1, "lang": "en", "style": "...", "text": "...", "previous": None|str}
and calls emit(cls, pages).  Metadata goes to src/meta/<file>.json and is
merged into manifest.jsonl by build_manifest.py.
"""
import json
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PAGES = os.path.join(ROOT, "pages")
META = os.path.join(ROOT, "src", "meta")


def _norm(t):
    if t is None:
        return None
    t = t.replace("\r\n", "\n").replace("\r", "\n")
    if t.startswith("\n"):
        t = t[1:]
    t = t.rstrip("\n") + "\n"
    return t


def emit(cls, pages):
    os.makedirs(PAGES, exist_ok=True)
    os.makedirs(META, exist_ok=True)
    seen = set()
    for p in pages:
        n = p["n"]
        assert n not in seen, (cls, n)
        seen.add(n)
        fname = "a-%s-%s-%03d.md" % (cls, p["lang"], n)
        text = _norm(p["text"])
        with open(os.path.join(PAGES, fname), "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
        meta = {
            "file": fname,
            "label": "attack",
            "class": cls,
            "style": p["style"],
            "language": p["lang"],
            "previous": _norm(p.get("previous")),
        }
        with open(os.path.join(META, fname + ".json"), "w", encoding="utf-8") as f:
            json.dump(meta, f, ensure_ascii=False)
    print(cls, len(pages))
