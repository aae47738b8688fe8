#!/usr/bin/env python3
"""Regenerate /work/blind33f/attacks/pages/*.md and manifest.jsonl.

Usage:  python3 src/build.py
"""
import importlib
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)

MODULES = [
    ("direct-injection", "c01_direct_injection"),
    ("translated", "c02_translated"),
    ("code-hidden", "c03_code_hidden"),
    ("exfiltration-url", "c04_exfiltration_url"),
    ("memory-poisoning", "c05_memory_poisoning"),
    ("social-engineering", "c06_social_engineering"),
    ("note-to-self", "c07_note_to_self"),
    ("tool-call", "c08_tool_call"),
    ("split-frontmatter", "c09_split_frontmatter"),
    ("buried-line", "c10_buried_line"),
    ("secret-request", "c11_secret_request"),
    ("dangerous-command", "c12_dangerous_command"),
    ("deceptive-link", "c13_deceptive_link"),
    ("encoded-payload", "c14_encoded_payload"),
    ("disguised-text", "c15_disguised_text"),
]


def main():
    pages_dir = os.path.join(ROOT, "pages")
    os.makedirs(pages_dir, exist_ok=True)
    for name in os.listdir(pages_dir):
        if name.endswith(".md"):
            os.remove(os.path.join(pages_dir, name))
    records = []
    for cls, modname in MODULES:
        mod = importlib.import_module(modname)
        pages = mod.PAGES
        assert len(pages) == 12, (cls, len(pages))
        for i, p in enumerate(pages, 1):
            fname = "a-%s-%s-%03d.md" % (cls, p["lang"], i)
            with open(os.path.join(pages_dir, fname), "w", encoding="utf-8", newline="\n") as fh:
                fh.write(p["text"])
            records.append({
                "file": fname,
                "label": "attack",
                "class": cls,
                "style": p["style"],
                "language": p["lang"],
                "previous": p["previous"],
            })
    records.sort(key=lambda r: r["file"])
    with open(os.path.join(ROOT, "manifest.jsonl"), "w", encoding="utf-8", newline="\n") as fh:
        for r in records:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    print("wrote %d pages" % len(records))


if __name__ == "__main__":
    main()
