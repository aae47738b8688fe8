#!/usr/bin/env python3
"""Vector-cache benchmark: rebuilding the index of a generated field.

Generates a field of N pages (2-8 KB, the same seeded generator as
``bench_local.py``), then for each embedder — the built-in one, and the
``ollama`` one against a local server speaking Ollama's HTTP API (run in its
own process, answering deterministic vectors from a precomputed pool so it
costs little) — times:

- a first build (every page embedded),
- a rebuild after 10 pages changed (10 embeddings, one call),
- a no-op rebuild (nothing embedded; every page still read and hashed).

It prints embeddings per second and the share of wall time spent outside the
embedder (reading, hashing, frontmatter, packing, SQLite) as a table.

    python bench/bench_index.py                 # 10,000 pages
    python bench/bench_index.py --pages 1000    # a quick run
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

from bench_local import age_files, edit_pages, generate_field  # noqa: E402

from memsync.vectors.builtin import HashedWords  # noqa: E402
from memsync.vectors.embedders import Embedder  # noqa: E402
from memsync.vectors.index_file import index_path  # noqa: E402
from memsync.vectors.ollama import OllamaEmbedder  # noqa: E402
from memsync.vectors.rebuild import IndexReport, rebuild  # noqa: E402

CHANGED = 10


def serve_fake_ollama(hosts: multiprocessing.Queue, stop: multiprocessing.Event) -> None:
    from tests.ollama_support import FakeOllama

    server = FakeOllama().start()
    hosts.put(server.host)
    stop.wait()
    server.stop()


def run(field: Path, embedder: Embedder, batch: int, rng: random.Random, round_number: int) -> list[tuple]:
    index_path(field, embedder.model_code).unlink(missing_ok=True)
    rows = [("first build", rebuild(field, embedder, batch=batch))]
    edit_pages(field, rng, CHANGED, round_number)
    rows.append((f"{CHANGED} pages changed", rebuild(field, embedder, batch=batch)))
    rows.append(("no-op", rebuild(field, embedder, batch=batch)))
    return [(embedder.name, what, report) for what, report in rows]


def render(rows: list[tuple[str, str, IndexReport]], pages: int, batch: int) -> str:
    head = (
        f"{'embedder':<9} {'run':<17} {'embedded':>8} {'calls':>6} {'wall':>8} {'in embedder':>11} "
        f"{'emb/s':>8} {'outside':>8}"
    )
    lines = [f"index rebuild, {pages:,} pages of 2-8 KB, batch {batch}", head, "-" * len(head)]
    for name, what, r in rows:
        rate = f"{r.embedded / r.seconds:,.0f}" if r.embedded else "-"
        outside = (r.seconds - r.embed_seconds) / r.seconds if r.seconds else 0.0
        lines.append(
            f"{name:<9} {what:<17} {r.embedded:>8,} {r.calls:>6} {r.seconds:>7.2f}s {r.embed_seconds:>10.2f}s "
            f"{rate:>8} {outside:>8.0%}"
        )
    lines.append("emb/s: embeddings per second of wall time; outside: share of wall time not spent in embed()")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=10_000)
    parser.add_argument("--batch", type=int, default=32)
    parser.add_argument("--seed", type=int, default=1)
    opts = parser.parse_args()

    hosts: multiprocessing.Queue = multiprocessing.Queue()
    stop = multiprocessing.Event()
    server = multiprocessing.Process(target=serve_fake_ollama, args=(hosts, stop), daemon=True)
    server.start()
    try:
        host = hosts.get(timeout=30)
        with tempfile.TemporaryDirectory(prefix="memsync-bench-index-") as scratch:
            field = Path(scratch) / "field"
            print(f"generating {opts.pages:,} pages…", file=sys.stderr)
            generate_field(field, opts.pages, opts.seed)
            age_files(field)
            rng = random.Random(opts.seed)
            rows = []
            for number, embedder in enumerate((HashedWords(), OllamaEmbedder(host))):
                print(f"indexing with {embedder.name}…", file=sys.stderr)
                started = time.perf_counter()
                rows += run(field, embedder, opts.batch, rng, number)
                print(f"  {time.perf_counter() - started:.1f}s", file=sys.stderr)
    finally:
        stop.set()
        server.join(timeout=10)
    print(render(rows, opts.pages, opts.batch))
    return 0


if __name__ == "__main__":
    sys.exit(main())
