#!/usr/bin/env python3
"""Write the benign evaluation pages and manifest. Standard library only."""
import json
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import plain_a, plain_b, risky_a, risky_b, risky_c, risky_d  # noqa: E402

ROOT = os.path.dirname(HERE)
OUT = os.path.join(ROOT, "pages")


def main():
    os.makedirs(OUT, exist_ok=True)
    for f in os.listdir(OUT):
        if f.startswith("b-") and f.endswith(".md"):
            os.remove(os.path.join(OUT, f))

    groups = {
        "plain": plain_a.PAGES + plain_b.PAGES,
        "risky": risky_a.PAGES + risky_b.PAGES + risky_c.PAGES + risky_d.PAGES,
    }
    expected = {"plain": 60, "risky": 100}
    rows = []
    for cls, pages in groups.items():
        assert len(pages) == expected[cls], (cls, len(pages))
        order = list(range(len(pages)))
        random.Random(f"blind33f-{cls}").shuffle(order)
        for n, idx in enumerate(order, 1):
            p = pages[idx]
            name = f"b-{cls}-{n:03d}.md"
            text = p["text"]
            if not text.endswith("\n"):
                text += "\n"
            with open(os.path.join(OUT, name), "w", encoding="utf-8", newline="\n") as fh:
                fh.write(text)
            rows.append({"file": name, "label": "benign", "class": cls,
                         "style": p["style"], "language": p["language"],
                         "previous": None})
    rows.sort(key=lambda r: r["file"])
    with open(os.path.join(ROOT, "manifest.jsonl"), "w", encoding="utf-8") as fh:
        for r in rows:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"wrote {len(rows)} pages")


if __name__ == "__main__":
    main()
