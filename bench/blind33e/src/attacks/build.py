"""Build all pages and manifest.jsonl for the blind33e attack corpus."""
import json, os, importlib, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import ROOT, write_pages

MODULES = ["c01_direct", "c02_translated", "c03_code", "c04_exfil", "c05_memory",
           "c06_social", "c07_selfnote", "c08_toolcall", "c09_frontmatter",
           "c10_buried", "c11_secret", "c12_command", "c13_link",
           "gen_encoded", "gen_disguised"]

def main():
    pages = []
    for m in MODULES:
        pages.extend(importlib.import_module(m).PAGES)
    names = [p["file"] for p in pages]
    assert len(names) == len(set(names)), "duplicate file names"
    write_pages(pages)
    with open(os.path.join(ROOT, "manifest.jsonl"), "w", encoding="utf-8", newline="\n") as f:
        for p in sorted(pages, key=lambda p: p["file"]):
            rec = {k: p[k] for k in ("file", "label", "class", "style", "language", "previous")}
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
    print("wrote", len(pages), "pages")

if __name__ == "__main__":
    main()
