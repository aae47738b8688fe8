"""Merge per-page metadata into manifest.jsonl, sorted by file name."""
import glob, json, os
from common import BASE, META

rows = [json.load(open(p, encoding="utf-8")) for p in glob.glob(os.path.join(META, "*.json"))]
rows.sort(key=lambda r: r["file"])
with open(os.path.join(BASE, "manifest.jsonl"), "w", encoding="utf-8", newline="\n") as f:
    for r in rows:
        f.write(json.dumps(r, ensure_ascii=False) + "\n")
print(len(rows), "rows")
