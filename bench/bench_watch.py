#!/usr/bin/env python3
"""Watch-mode benchmark: what an idle ``memsync watch`` costs, and how fast a save gets out.

Sets up one workspace with ``--fields`` fields of ``--pages`` pages each (2–8 KB,
the generator of bench_local.py), pushes them to a folder remote (and with
``--s3`` to moto's S3 server on 127.0.0.1, tests/s3_support.MotoS3), then runs
the real watcher (``Memsync.watch``, as ``memsync watch`` does) in a
child process and measures:

- idle: requests per minute and CPU seconds per hour over ``--idle`` seconds
  at the poll interval (default: the watcher's default), after the first
  round of syncs has settled. CPU is the child's user+system time from
  /proc; requests are the store operations the child made (folder: reads,
  listings, writes, deletes, counted inside the child), or what moto answered
  (S3, counted by moto's request log);
- save to remote: ``--saves`` times, a new page is written into one field and
  the clock runs until the remote's SHA256SUMS lists it (the manifest is
  committed last, so then the remote has it whole): median and worst.

Run ``python bench/bench_watch.py --help``. Figures go to stdout, progress to stderr.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import shutil
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent)]

from bench_local import age_files, generate_field, revision, say  # noqa: E402

from memsync.watch import DEFAULT_DEBOUNCE, DEFAULT_INTERVAL  # noqa: E402

OPS = ("_open", "list", "put", "delete", "delete_many", "exists")
SEED = 20261201


def _ticks(pid: int) -> float:
    """User + system CPU seconds of process ``pid`` so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _child(root: str, names: list[str], interval: float, debounce: float, counts: Any, ready: Any) -> None:
    """The watcher, as ``memsync watch`` runs it, with its store operations counted."""
    from memsync.api import Memsync
    from memsync.backends.local import LocalStore
    from memsync.backends.s3 import S3Store

    def count(cls: type, op: str, slot: int) -> None:
        original = getattr(cls, op, None)
        if original is None:
            return

        def counted(self: Any, *args: Any, **kwargs: Any) -> Any:
            with counts.get_lock():
                counts[slot] += 1
            return original(self, *args, **kwargs)

        setattr(cls, op, counted)

    for cls in (LocalStore, S3Store):
        for slot, op in enumerate(OPS):
            if op in vars(cls):
                count(cls, op, slot)
    seen: set[str] = set()

    def on_event(event: Any) -> None:
        if event.kind == "error":
            print(f"bench: watcher error: {event.message}", file=sys.stderr)
        if event.kind == "sync" and event.field:
            seen.add(event.field)
            if len(seen) == len(names):
                ready.set()

    watcher = Memsync.open(root).watch(names, interval=interval, debounce=debounce, index=False, on_event=on_event)
    signal.signal(signal.SIGTERM, lambda *_: watcher.stop())
    watcher.run()


def setup(base: Path, fields: int, pages: int, url_of: Any) -> tuple[Path, list[str]]:
    from memsync.api import Memsync

    m = Memsync.init(base / "ws")
    names = [f"field-{i:02d}" for i in range(fields)]
    for i, name in enumerate(names):
        folder = m.root / name
        generate_field(folder, pages, SEED + i)
        age_files(folder)
        m.add(name, folder)
        m.add_remote(name, "origin", url_of(name))
        m.push(name)
    return m.root, names


def run_one(kind: str, base: Path, opts: argparse.Namespace) -> dict[str, Any]:
    moto = None
    requests_log = None
    if kind == "s3":
        from tests.s3_support import MotoS3

        moto = MotoS3().start()
        requests_log = moto.log
        os.environ.update(moto.env(), AWS_EC2_METADATA_DISABLED="true")
        bucket = moto.new_bucket()
        client = moto.client()

        def url_of(name: str) -> str:
            return f"s3://{bucket}/{name}"

        def remote_sums(name: str) -> bytes:
            try:
                return client.get_object(Bucket=bucket, Key=f"{name}/SHA256SUMS")["Body"].read()
            except client.exceptions.NoSuchKey:
                return b""
    else:

        def url_of(name: str) -> str:
            return str(base / "remote" / name)

        def remote_sums(name: str) -> bytes:
            try:
                return (base / "remote" / name / "SHA256SUMS").read_bytes()
            except FileNotFoundError:
                return b""

    try:
        say(f"{kind}: {opts.fields} fields x {opts.pages} pages, first push")
        started = time.perf_counter()
        root, names = setup(base, opts.fields, opts.pages, url_of)
        setup_seconds = time.perf_counter() - started
        ctx = multiprocessing.get_context("spawn")
        counts = ctx.Array("l", len(OPS))
        ready = ctx.Event()
        child = ctx.Process(target=_child, args=(str(root), names, opts.interval, opts.debounce, counts, ready))
        child.start()
        try:
            if not ready.wait(300):
                raise SystemExit("bench: the watcher never finished its first round of syncs")
            time.sleep(1)  # let the first round's stragglers (index, stat cache) settle
            say(f"{kind}: watcher idle for {opts.idle:g}s at a {opts.interval:g}s poll interval")
            if requests_log is not None:
                requests_log.take()
            ops_before, cpu_before, t_before = list(counts), _ticks(child.pid), time.monotonic()
            time.sleep(opts.idle)
            ops_after, cpu_after, t_after = list(counts), _ticks(child.pid), time.monotonic()
            window = t_after - t_before
            ops = {op: b - a for op, a, b in zip(OPS, ops_before, ops_after, strict=True) if b - a}
            moto_requests = len(requests_log.take()) if requests_log is not None else None
            requests = moto_requests if moto_requests is not None else sum(ops.values())
            latencies = []
            for i in range(opts.saves):
                name = names[i % len(names)]
                page = f"saved-{i:03d}.md"
                say(f"{kind}: save {i + 1}/{opts.saves} into {name}")
                saved = time.monotonic()
                (root / name / page).write_text(f"# Saved {i}\n\nWritten by the benchmark.\n")
                deadline = saved + 120
                while page.encode() not in remote_sums(name):
                    if time.monotonic() > deadline:
                        raise SystemExit(f"bench: {page} never reached the remote")
                    time.sleep(0.01)
                latencies.append(time.monotonic() - saved)
                time.sleep(opts.debounce + 0.5)
            stop_started = time.monotonic()
            child.terminate()  # SIGTERM: the watcher's own clean stop
            child.join(30)
            stop_seconds = time.monotonic() - stop_started
        finally:
            if child.is_alive():
                child.kill()
                child.join()
        return {
            "remote": kind,
            "fields": opts.fields,
            "pages": opts.pages,
            "interval": opts.interval,
            "debounce": opts.debounce,
            "setup_seconds": round(setup_seconds, 2),
            "idle_seconds": round(window, 2),
            "requests": requests,
            "operations": ops,
            "requests_per_minute": round(requests * 60 / window, 2),
            "cpu_seconds_idle": round(cpu_after - cpu_before, 3),
            "cpu_seconds_per_hour": round((cpu_after - cpu_before) * 3600 / window, 2),
            "save_to_remote_seconds": [round(x, 3) for x in latencies],
            "save_to_remote_median": round(statistics.median(latencies), 3) if latencies else None,
            "save_to_remote_max": round(max(latencies), 3) if latencies else None,
            "stop_seconds": round(stop_seconds, 3),
            "exit_code": child.exitcode,
        }
    finally:
        if moto is not None:
            moto.stop()


def render(rows: list[dict[str, Any]]) -> str:
    lines = [f"memsync watch benchmark ({revision()})", ""]
    for r in rows:
        polls = r["fields"] * r["idle_seconds"] / r["interval"]
        lines += [
            f"{r['remote']}: {r['fields']} fields x {r['pages']} pages, poll every {r['interval']:g}s, "
            f"debounce {r['debounce']:g}s (first push {r['setup_seconds']:g}s)",
            f"  idle {r['idle_seconds']:g}s: {r['requests']} requests = {r['requests_per_minute']:g}/min "
            f"({r['requests'] / polls if polls else 0:.2f} per field poll; ops {r['operations']})",
            f"  idle CPU: {r['cpu_seconds_idle']:g}s in the window = {r['cpu_seconds_per_hour']:g} CPU s/hour",
            f"  local save -> remote has it: median {r['save_to_remote_median']}s, worst {r['save_to_remote_max']}s "
            f"over {len(r['save_to_remote_seconds'])} saves",
            f"  SIGTERM -> exited ({r['exit_code']}) in {r['stop_seconds']}s",
            "",
        ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--fields", type=int, default=10)
    parser.add_argument("--pages", type=int, default=1000)
    parser.add_argument("--interval", type=float, default=DEFAULT_INTERVAL, help="poll interval (default: watch's)")
    parser.add_argument("--debounce", type=float, default=DEFAULT_DEBOUNCE, help="(default: watch's)")
    parser.add_argument("--idle", type=float, default=120.0, help="seconds of idle watching to measure")
    parser.add_argument("--saves", type=int, default=5)
    parser.add_argument("--s3", action="store_true", help="also run on moto's S3 server")
    parser.add_argument("--json", type=Path, default=None, help="also write the figures here")
    parser.add_argument("--keep", type=Path, default=None, help="work in this folder and keep it")
    opts = parser.parse_args(argv)
    base = opts.keep or Path(tempfile.mkdtemp(prefix="memsync-bench-watch-"))
    rows = []
    try:
        for kind in ("folder", "s3") if opts.s3 else ("folder",):
            folder = base / kind
            folder.mkdir(parents=True, exist_ok=True)
            rows.append(run_one(kind, folder, opts))
    finally:
        if opts.keep is None:
            shutil.rmtree(base, ignore_errors=True)
    print(render(rows))
    if opts.json:
        opts.json.write_text(json.dumps(rows, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
