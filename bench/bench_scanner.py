"""Scanner benchmark: recall per attack class and false positives on real documentation.

    python bench/bench_scanner.py            # the table
    python bench/bench_scanner.py --show dev # also list missed dev attacks and flagged ordinary pages

Attack pages come from bench/scanner_attacks.py in three splits: ``dev`` (the
phrasings the rules were tuned on), ``heldout`` (written alongside; its misses
were read once) and ``fresh`` (written after tuning ended, never tuned on).
Ordinary pages come from bench/scanner_corpus/ordinary.jsonl.xz
(real documentation cut into pages, see bench/scanner_corpus.py), split into
plain pages and risky-looking ones (HTML comments, pipe-to-shell installs,
quoted attacks in security write-ups, non-Latin scripts, invisible marks…).

A page counts as flagged when it has a finding at or above
``memsync.scan.scanner.ATTENTION`` (medium): the level the review's summary puts in
front of the reviewer. Lower findings are listed for the curious but do not
count, neither as detections nor as false positives.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import scanner_attacks
import scanner_corpus

from memsync.scan import scanner


def flagged(name: str, text: str, previous: str | None = None) -> list[scanner.Finding]:
    old = previous.encode() if previous is not None else None
    return [f for f in scanner.scan_file(name, text.encode(), old) if f.needs_attention]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    splits = [name for name, _ in scanner_attacks.SPLITS]
    parser.add_argument("--show", choices=splits, help="list misses of this split and false positives")
    args = parser.parse_args()

    attacks = scanner_attacks.build()
    ordinary = scanner_corpus.load()
    started = time.perf_counter()
    hits: dict[tuple[str, str], list[bool]] = defaultdict(list)
    misses = []
    for attack in attacks:
        found = flagged("attack.md", attack.text, attack.previous)
        hits[(attack.cls, attack.split)].append(bool(found))
        if not found:
            misses.append(attack)
    fp_pages: dict[str, list[dict[str, object]]] = defaultdict(list)
    counts: Counter[str] = Counter()
    by_source: Counter[str] = Counter()
    fp_by_source: Counter[str] = Counter()
    rules: Counter[str] = Counter()
    for row in ordinary:
        kind, source = str(row["kind"]), str(row["source"])
        counts[kind] += 1
        by_source[source] += 1
        found = flagged("page.md", str(row["text"]))
        if found:
            fp_pages[kind].append({**row, "findings": found})
            fp_by_source[source] += 1
            rules.update({f.rule for f in found})
    elapsed = time.perf_counter() - started
    pages = len(attacks) + len(ordinary)

    def rate(values: list[bool]) -> str:
        return f"{100 * sum(values) / len(values):5.1f}% ({sum(values):3}/{len(values):3})" if values else "-"

    print(f"scanner benchmark: {len(attacks)} attack pages, {len(ordinary)} ordinary pages")
    print(f"flagged = a finding at or above {scanner.ATTENTION.label}; {pages / elapsed:.0f} pages/s\n")
    print(f"{'recall per attack class':24}" + "".join(f"{name:>18}" for name in splits))
    for group, classes in (
        ("disguise", scanner_attacks.DISGUISE_CLASSES),
        ("content", scanner_attacks.CONTENT_CLASSES),
    ):
        for cls in classes:
            print(f"{cls:24}" + "".join(f"{rate(hits[(cls, name)]):>18}" for name in splits))
        overall = [rate([v for c in classes for v in hits[(c, name)]]) for name in splits]
        print(f"{'  all ' + group:24}" + "".join(f"{r:>18}" for r in overall))
    print(f"\n{'ordinary pages':24} {'false positives':>18}")
    for kind in ("plain", "risky"):
        print(f"{kind:24} {rate([True] * len(fp_pages[kind]) + [False] * (counts[kind] - len(fp_pages[kind]))):>18}")
    total = sum(len(v) for v in fp_pages.values())
    print(f"{'all':24} {rate([True] * total + [False] * (sum(counts.values()) - total)):>18}")
    print("\nby source: " + ", ".join(f"{s} {fp_by_source[s]}/{n}" for s, n in sorted(by_source.items())))
    print("rules behind false positives: " + (", ".join(f"{r} {n}" for r, n in rules.most_common()) or "none"))

    if args.show:
        print(f"\n-- missed {args.show} attacks")
        for attack in misses:
            if attack.split == args.show:
                body = attack.text.split("\n---\n", 1)[-1].strip().replace("\n", " ⏎ ")
                print(f"{attack.id}: {body[:300]!r}")
        print("\n-- false positives")
        for kind, rows in fp_pages.items():
            for row in rows:
                for f in row["findings"]:  # type: ignore[attr-defined]
                    print(f"{kind} {row['id']} {f.severity.label} {f.rule} {f.context} | {f.excerpt[:120]}")


if __name__ == "__main__":
    main()
