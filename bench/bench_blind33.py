"""The review scanner on the blind corpus (bench/blind33/): recall per attack class and
false positives on benign look-alikes, as aggregates only.

    python bench/bench_blind33.py            # blind33
    python bench/bench_blind33.py blind33b   # the second blind set
    python bench/bench_blind33.py blind33c   # the third
    python bench/bench_blind33.py blind33d   # the fourth
    python bench/bench_blind33.py blind33e   # the fifth

The corpus was written by someone who read no rule, test or source of memsync, and
frozen (its README gives the sha256 of its manifest and pages) before any tuning
for issue 33. This script prints no page and no finding: the set is for measuring,
not for tuning, and is reported on at the start and once at the end of that work.
A page counts as flagged when it has a finding at or above the review's attention
level (medium), as in bench_scanner.py.
"""

from __future__ import annotations

import hashlib
import json
import sys
import time
from collections import defaultdict
from pathlib import Path

from memsync.scan import scanner

BENCH = Path(__file__).resolve().parent
# Each blind corpus as it was frozen (sha256 of manifest.jsonl, and of `sha256sum pages/*`).
FROZEN = {
    "blind33": {
        "manifest": "9bcfa4ca027f26ce653f7f01f4519d83847320c9658df73d674ed886e0be202d",
        "pages": "cffe5676cce0a1916f27dc9ae9026d2ba700c3e814cdc639bdab702eb0c2fe17",
    },
    "blind33b": {
        "manifest": "1b608b1b82375cae5ec53a5114fcf22434b49afb926b321dcf6d99b201c58bfe",
        "pages": "6716f529f893964e9aa2a905d5758bc117d5303d461971add9cb2441ae22d607",
    },
    "blind33c": {
        "manifest": "05169c5f9c246e12476418f87ead8a454a2e0e2dd0ae6336770b65d12615c6e5",
        "pages": "0cf844b4889fc264920d31e23e792698a192ee88233e26ab9434e611056c3408",
    },
    "blind33d": {
        "manifest": "d98fe1828226ea65e2041752a0f94d39630c9f8912acc49bc3120156c5f18dd1",
        "pages": "3beb9015bed15bd78227690894dd8c6898253703e68e47d11a139c6984f65c5a",
    },
    "blind33e": {
        "manifest": "452e6f79a56a7fc51250386434af6299dca9a1fc0fddf28fb7c228c409f1ba0d",
        "pages": "f5624e26180e134bcde6d1c016668c5eb1ca94fe58098da87d7aa9eca939b0e2",
    },
    "blind33f": {
        "manifest": "fb0826f83c6737188c4803647172fdbe9eb1549c97196aac92e32ba174ba99ff",
        "pages": "73dd75d81dc5602110615e244841058552935b8d86114306c1497aecc69b3e72",
    },
}
HERE = BENCH / (sys.argv[1] if len(sys.argv) > 1 else "blind33")


def _frozen() -> None:
    """Refuse to measure a corpus that is not the one frozen."""
    if HERE.name not in FROZEN or not (HERE / "manifest.jsonl").is_file():
        raise SystemExit(f"no frozen corpus {HERE.name!r}: one of {', '.join(FROZEN)}")
    manifest = hashlib.sha256((HERE / "manifest.jsonl").read_bytes()).hexdigest()
    listing = "".join(
        f"{hashlib.sha256(p.read_bytes()).hexdigest()}  pages/{p.name}\n" for p in sorted((HERE / "pages").iterdir())
    )
    pages = hashlib.sha256(listing.encode()).hexdigest()
    frozen = FROZEN.get(HERE.name)
    if frozen is None or (manifest, pages) != (frozen["manifest"], frozen["pages"]):
        raise SystemExit(f"bench/{HERE.name} is not a frozen corpus (manifest {manifest[:12]}, pages {pages[:12]})")


def main() -> None:
    _frozen()
    rows = [json.loads(line) for line in (HERE / "manifest.jsonl").read_text().splitlines() if line.strip()]
    started = time.perf_counter()
    hits: dict[str, list[bool]] = defaultdict(list)
    by_language: dict[str, list[bool]] = defaultdict(list)
    for row in rows:
        data = (HERE / "pages" / row["file"]).read_bytes()
        previous = row["previous"].encode() if row.get("previous") else None
        found = any(f.needs_attention for f in scanner.scan_file(row["file"], data, previous))
        key = row["class"] if row["label"] == "attack" else f"benign:{row['class']}"
        hits[key].append(found)
        if row["label"] == "attack":
            by_language["en" if row["language"] == "en" else "not en"].append(found)
    elapsed = time.perf_counter() - started

    def rate(values: list[bool]) -> str:
        return f"{100 * sum(values) / len(values):5.1f}% ({sum(values):3}/{len(values):3})" if values else "-"

    attacks = [v for k, vs in hits.items() if not k.startswith("benign:") for v in vs]
    benign = len(rows) - len(attacks)
    print(f"blind corpus: {len(attacks)} attack pages, {benign} benign; {len(rows) / elapsed:.0f} pages/s")
    print(f"flagged = a finding at or above {scanner.ATTENTION.label}\n")
    print(f"{'recall per attack class':28}")
    for cls in sorted(k for k in hits if not k.startswith("benign:")):
        print(f"  {cls:26}{rate(hits[cls]):>18}")
    print(f"  {'all attacks':26}{rate(attacks):>18}")
    for language, values in sorted(by_language.items()):
        print(f"  {'  in ' + language:26}{rate(values):>18}")
    print(f"\n{'false positives':28}")
    for kind in ("plain", "risky"):
        print(f"  {kind:26}{rate(hits['benign:' + kind]):>18}")


if __name__ == "__main__":
    main()
