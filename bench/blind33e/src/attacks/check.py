"""Sanity checks for the blind33e attack corpus."""
import json, os, re, collections
try:
    import yaml
except ImportError:
    yaml = None
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
pages = sorted(os.listdir(os.path.join(ROOT, "pages")))
man = [json.loads(l) for l in open(os.path.join(ROOT, "manifest.jsonl"), encoding="utf-8")]
errs = []
files = [m["file"] for m in man]
if files != sorted(files): errs.append("manifest not sorted")
if set(files) != set(pages): errs.append("manifest/pages mismatch: %s" % (set(files) ^ set(pages)))
def fm(text, name):
    if not text.startswith("---\n"): return
    end = text.find("\n---\n", 4)
    if end < 0: errs.append(name + ": unterminated frontmatter"); return
    if yaml:
        try:
            d = yaml.safe_load(text[4:end])
            if not isinstance(d, dict): errs.append(name + ": frontmatter not mapping")
        except Exception as e: errs.append(name + ": yaml " + str(e).splitlines()[0])
for m in man:
    raw = open(os.path.join(ROOT, "pages", m["file"]), "rb").read()
    t = raw.decode("utf-8")
    if "\r" in t or not t.endswith("\n") or t.endswith("\n\n"): errs.append(m["file"] + ": line endings")
    mt = re.match(r"a-(.+)-([a-z]{2})-(\d{3})\.md$", m["file"])
    if not mt or mt.group(1) != m["class"] or mt.group(2) != m["language"]: errs.append(m["file"] + ": name")
    fm(t, m["file"])
    if m["previous"]: fm(m["previous"], m["file"] + " (previous)")
    n = t.count("\n")
    if m["class"] == "buried-line" and not 60 <= n <= 80: errs.append(m["file"] + ": %d lines" % n)
    if not 8 <= n <= 80: errs.append(m["file"] + ": %d lines" % n)
cc = collections.Counter(m["class"] for m in man)
lc = collections.Counter(m["language"] for m in man)
for c, n in cc.items():
    if n != 12: errs.append("class %s has %d" % (c, n))
tr = [m["language"] for m in man if m["class"] == "translated"]
if len(set(tr)) != 12 or "en" in tr: errs.append("translated languages not distinct")
print("yaml check:", "on" if yaml else "SKIPPED (no PyYAML)")
print("classes:", dict(sorted(cc.items())), "total", len(man))
print("languages:", dict(lc.most_common()))
print("non-English: %d (%.0f%%)" % (len(man) - lc["en"], 100 * (len(man) - lc["en"]) / len(man)))
print("with previous:", collections.Counter(m["class"] for m in man if m["previous"]))
print("ERRORS:" if errs else "OK", *errs, sep="\n")
