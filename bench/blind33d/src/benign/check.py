"""Sanity checks: manifest coverage, frontmatter YAML, encoding, counts."""
import collections, json, os, re
import yaml
from common import BASE, PAGES

man = [json.loads(l) for l in open(os.path.join(BASE, "manifest.jsonl"), encoding="utf-8")]
files = sorted(f for f in os.listdir(PAGES) if f.endswith(".md"))
names = [m["file"] for m in man]
assert names == sorted(names), "manifest not sorted"
assert set(names) == set(files) and len(names) == len(files), "manifest/file mismatch"
errs = []
for m in man:
    assert m["label"] == "benign" and m["previous"] is None and m["class"] in ("plain", "risky")
    assert m["file"].startswith(f"b-{m['class']}-")
    raw = open(os.path.join(PAGES, m["file"]), "rb").read()
    txt = raw.decode("utf-8")
    if b"\r" in raw: errs.append((m["file"], "CR"))
    if not txt.endswith("\n") or txt.endswith("\n\n"): errs.append((m["file"], "final newline"))
    n = txt.count("\n")
    if not 5 <= n <= 90: errs.append((m["file"], f"{n} lines"))
    if txt.startswith("---\n"):
        end = txt.find("\n---\n", 4)
        if end < 0: errs.append((m["file"], "unterminated frontmatter")); continue
        try:
            fm = yaml.safe_load(txt[4:end])
            if not isinstance(fm, dict): errs.append((m["file"], "frontmatter not a mapping"))
        except yaml.YAMLError as e:
            errs.append((m["file"], f"yaml: {e}"))
print("errors:", errs or "none")
cls = collections.Counter(m["class"] for m in man)
print("class counts:", dict(cls))
for c in ("plain", "risky"):
    langs = collections.Counter(m["language"] for m in man if m["class"] == c)
    non_en = sum(v for k, v in langs.items() if k != "en")
    print(c, dict(sorted(langs.items())), f"non-en={non_en}/{cls[c]}")
fm_count = sum(open(os.path.join(PAGES, f), encoding="utf-8").read().startswith("---\n") for f in files)
print("pages with frontmatter:", fm_count)
