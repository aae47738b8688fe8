#!/usr/bin/env python3
"""Build manifest.jsonl from the page files, the style/language tables in src/meta*.tsv
and the pre-edit page texts in src/previous/. Also runs consistency checks."""
import glob, json, os, re, sys
from collections import Counter

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
PAGES = os.path.join(ROOT, "pages")
PREV = os.path.join(ROOT, "src", "previous")

meta = {}
for tsv in sorted(glob.glob(os.path.join(ROOT, "src", "meta*.tsv"))):
    for line in open(tsv, encoding="utf-8"):
        line = line.rstrip("\n")
        if not line:
            continue
        name, style, lang = line.split("|")
        assert name not in meta, f"duplicate meta for {name}"
        meta[name] = (style, lang)

files = sorted(os.listdir(PAGES))
assert set(files) == set(meta), (set(files) ^ set(meta))
errors = []
rows = []
for name in files:
    data = open(os.path.join(PAGES, name), "rb").read()
    text = data.decode("utf-8")
    if b"\r" in data:
        errors.append(f"{name}: CR found")
    if not data.endswith(b"\n"):
        errors.append(f"{name}: no final LF")
    style, lang = meta[name]
    m = re.fullmatch(r"a-(.+)-([a-z]{2})-(\d{3})\.md", name)
    if m:
        label, cls, flang = "attack", m.group(1), m.group(2)
        if flang != lang:
            errors.append(f"{name}: lang {lang} != {flang}")
    else:
        m = re.fullmatch(r"b-(plain|risky)-(\d{3})\.md", name)
        assert m, name
        label, cls = "benign", m.group(1)
    prev_path = os.path.join(PREV, name)
    previous = open(prev_path, encoding="utf-8").read() if os.path.exists(prev_path) else None
    if previous is not None and previous == text:
        errors.append(f"{name}: previous identical to page")
    rows.append({"file": name, "label": label, "class": cls, "style": style,
                 "language": lang, "previous": previous})

if errors:
    print("\n".join(errors)); sys.exit(1)

with open(os.path.join(ROOT, "manifest.jsonl"), "w", encoding="utf-8", newline="\n") as f:
    for r in rows:
        f.write(json.dumps(r, ensure_ascii=False) + "\n")

att = [r for r in rows if r["label"] == "attack"]
ben = [r for r in rows if r["label"] == "benign"]
print("attack", len(att), "benign", len(ben))
print("per class:", dict(sorted(Counter(r["class"] for r in rows).items())))
print("attack non-en:", sum(r["language"] != "en" for r in att), "/", len(att))
print("attack languages:", dict(sorted(Counter(r["language"] for r in att).items())))
print("benign plain languages:", dict(sorted(Counter(r["language"] for r in ben if r["class"] == "plain").items())))
print("benign risky languages:", dict(sorted(Counter(r["language"] for r in ben if r["class"] == "risky").items())))
print("with previous:", dict(Counter(r["class"] for r in rows if r["previous"] is not None)))
