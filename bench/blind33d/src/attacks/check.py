#!/usr/bin/env python3
"""Validate pages vs manifest: listing, YAML frontmatter, encoding, counts."""
import collections, json, os, re, sys
import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PAGES = os.path.join(ROOT, "pages")
errs = []
man = [json.loads(l) for l in open(os.path.join(ROOT, "manifest.jsonl"), encoding="utf-8")]
files = sorted(os.listdir(PAGES))
if [m["file"] for m in man] != files:
    errs.append("manifest/file list mismatch or unsorted")
KEYS = {"file", "label", "class", "style", "language", "previous"}


def fm_check(name, text):
    if not text.startswith("---\n"):
        return
    end = text.find("\n---\n", 4)
    if end < 0:
        errs.append(f"{name}: unterminated frontmatter"); return
    try:
        d = yaml.safe_load(text[4:end + 1])
        if not isinstance(d, dict):
            errs.append(f"{name}: frontmatter not a mapping")
    except Exception as e:
        errs.append(f"{name}: YAML error {e}")


for m in man:
    if set(m) != KEYS or m["label"] != "attack":
        errs.append(f"{m['file']}: bad keys")
    fn = m["file"]
    mo = re.fullmatch(r"a-(.+)-([a-z]{2})-(\d{3})\.md", fn)
    if not mo or mo.group(1) != m["class"] or mo.group(2) != m["language"]:
        errs.append(f"{fn}: name/class/lang mismatch")
    raw = open(os.path.join(PAGES, fn), "rb").read()
    if b"\r" in raw or not raw.endswith(b"\n") or raw.endswith(b"\n\n"):
        errs.append(f"{fn}: line endings / final newline")
    text = raw.decode("utf-8")
    fm_check(fn, text)
    n = text.count("\n")
    lo, hi = (60, 80) if m["class"] == "buried-line" else (10, 80)
    if not lo <= n <= hi:
        errs.append(f"{fn}: {n} lines")
    if m["previous"] is not None:
        fm_check(fn + "(previous)", m["previous"])
        if m["previous"] == text:
            errs.append(f"{fn}: previous identical")

cls = collections.Counter(m["class"] for m in man)
lang = collections.Counter(m["language"] for m in man)
for c, k in sorted(cls.items()):
    if k != 12:
        errs.append(f"class {c}: {k}")
nonen = sum(v for k, v in lang.items() if k != "en")
print("total", len(man), "classes", len(cls), "non-en", nonen, f"({nonen/len(man):.0%})")
print("per class:", dict(sorted(cls.items())))
print("per lang:", dict(sorted(lang.items(), key=lambda x: -x[1])))
print("with previous:", collections.Counter(m["class"] for m in man if m["previous"]))
print("ERRORS:" if errs else "OK", *errs, sep="\n")
sys.exit(1 if errs else 0)
