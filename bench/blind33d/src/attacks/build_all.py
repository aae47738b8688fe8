#!/usr/bin/env python3
"""Run every generator, then write manifest.jsonl from src/meta/."""
import glob, json, os, runpy, shutil, sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
for d in ("pages", "src/meta"):
    shutil.rmtree(os.path.join(ROOT, d), ignore_errors=True)
for g in sorted(glob.glob(os.path.join(HERE, "gen_*.py"))):
    runpy.run_path(g, run_name="__main__")
metas = []
for m in glob.glob(os.path.join(HERE, "meta", "*.json")):
    with open(m, encoding="utf-8") as f:
        metas.append(json.load(f))
metas.sort(key=lambda x: x["file"])
with open(os.path.join(ROOT, "manifest.jsonl"), "w", encoding="utf-8", newline="\n") as f:
    for m in metas:
        f.write(json.dumps(m, ensure_ascii=False) + "\n")
print("manifest entries:", len(metas))
