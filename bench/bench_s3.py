#!/usr/bin/env python3
"""S3 benchmark: memsync next to ``rclone sync`` and ``aws s3 sync`` on one moto server.

Generates a field of N pages (2-8 KB, ``bench_local.py``'s seeded generator),
starts ONE moto S3 server on 127.0.0.1 (``tests/s3_support.MotoS3``) with a
counting TCP proxy in front of it (in its own process), and in the same run,
interleaving the three tools repetition by repetition, measures:

- upload all:   ``memsync push`` to an empty prefix   | ``rclone sync DIR moto:B/P`` | ``aws s3 sync DIR s3://B/P``
- download all: ``memsync clone`` into a new workspace | ``rclone sync moto:B/P DIR`` | ``aws s3 sync s3://B/P DIR``
- no-op:        ``memsync pull`` right after the clone | the same download sync again
- 10 changed:   10 pages edited, ``memsync push``       | the same upload sync again

Every operation is a CLI process: wall time around it, peak RSS (ru_maxrss)
from ``os.wait4``, requests from moto's request log (total and by method) and
bytes on the wire (request and response bytes, headers included) from the
proxy. Run ``python bench/bench_s3.py --help``; see bench/README.md.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import multiprocessing
import os
import platform
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent)]

from bench_local import age_files, edit_pages, fmt_bytes, fmt_time, generate_field, revision, say  # noqa: E402

FIELD_NAME = "bench"
PREFIX = "field"
CHANGED_PAGES = 10
SEED = 20261129
NOOP_BUDGET = 2  # brief §8: a no-op sync makes at most 2 HTTP requests
PUSH_CONSTANT = 8  # brief §8: 10 changed pages cost at most 10 page writes + a constant (tests/test_s3.py: <= 8)
TOOLS = ("memsync", "rclone", "aws")
OPERATIONS = {
    "startup": "start-up only (--version)",
    "upload": "upload all (first push)",
    "download": "download all (first pull)",
    "noop": "no-op sync (pull)",
    "changed": f"sync after {CHANGED_PAGES} changed pages (push)",
}

# -- the request log and the counting proxy -------------------------------------------


def _proxy_main(upstream: tuple[str, int], counters: Any, port_out: Any) -> None:
    """A TCP proxy counting bytes each way (adapted from tests/s3_support.FlakyProxy,
    minus the faults). Runs in its own process so it does not share moto's GIL."""
    listener = socket.socket()
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(256)
    port_out.value = listener.getsockname()[1]

    def copy(src: socket.socket, dst: socket.socket, slot: int) -> None:
        try:
            while True:
                data = src.recv(262144)
                if not data:
                    break
                dst.sendall(data)
                with counters.get_lock():
                    counters[slot] += len(data)
        except OSError:
            pass
        finally:
            with contextlib.suppress(OSError):
                dst.shutdown(socket.SHUT_WR)

    def pipe(client: socket.socket) -> None:
        try:
            server = socket.create_connection(upstream, timeout=60)
        except OSError:
            client.close()
            return
        for s in (client, server):
            s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        up = threading.Thread(target=copy, args=(client, server, 0), daemon=True)
        up.start()
        copy(server, client, 1)
        up.join()
        client.close()
        server.close()

    while True:
        client, _ = listener.accept()
        with counters.get_lock():
            counters[2] += 1
        threading.Thread(target=pipe, args=(client,), daemon=True).start()


class CountingProxy:
    def __init__(self, upstream: tuple[str, int]) -> None:
        ctx = multiprocessing.get_context("spawn")
        self.counters = ctx.Array("q", 3)  # bytes client->server, server->client, connections
        port = ctx.Value("i", 0)
        self.process = ctx.Process(target=_proxy_main, args=(upstream, self.counters, port), daemon=True)
        self.process.start()
        deadline = time.monotonic() + 30
        while port.value == 0:
            if time.monotonic() > deadline or not self.process.is_alive():
                raise SystemExit("bench: the counting proxy did not start")
            time.sleep(0.02)
        self.endpoint = f"http://127.0.0.1:{port.value}"

    def snapshot(self) -> tuple[int, int, int]:
        with self.counters.get_lock():
            return self.counters[0], self.counters[1], self.counters[2]

    def stop(self) -> None:
        self.process.terminate()
        self.process.join(timeout=5)


# -- running things and measuring them ------------------------------------------------


# The processes are started by a small launcher process, not by this one:
# a child's ru_maxrss starts from the high-water RSS of the process it was
# forked (or vforked) from, so children of this process (moto, its objects,
# the request log) would all report this process's size. The launcher is a
# bare interpreter (python -S, os/sys/json/time only), far smaller than any
# process measured, so what wait4 reports is the child's own peak.
_LAUNCHER = r"""
import json, os, sys, time
for line in sys.stdin:
    job = json.loads(line)
    start = time.perf_counter()
    pid = os.fork()
    if pid == 0:
        try:
            os.chdir(job["cwd"])
            null = os.open(os.devnull, os.O_RDONLY)
            out = os.open(job["log"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
            os.dup2(null, 0)
            os.dup2(out, 1)
            os.dup2(out, 2)
            os.execvpe(job["argv"][0], job["argv"], job["env"])
        finally:
            os._exit(127)
    _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - start
    cpu = usage.ru_utime + usage.ru_stime  # the process and every descendant it waited for
    print(json.dumps({"seconds": wall, "cpu_seconds": cpu, "maxrss_kib": usage.ru_maxrss,
                      "status": os.waitstatus_to_exitcode(status)}))
    sys.stdout.flush()
"""


class Launcher:
    def __init__(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-S", "-c", _LAUNCHER], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )

    def run(self, argv: list[str], env: dict[str, str], cwd: Path, log: Path) -> dict[str, Any]:
        """Run a process: wall time around it, its CPU time (with its children's) and
        its own peak RSS (KiB), both from wait4."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        job = {"argv": [str(a) for a in argv], "env": env, "cwd": str(cwd), "log": str(log)}
        self.proc.stdin.write(json.dumps(job) + "\n")
        self.proc.stdin.flush()
        answer = self.proc.stdout.readline()
        if not answer:
            raise SystemExit("bench: the launcher process died")
        result = json.loads(answer)
        if result.pop("status") != 0:
            tail = log.read_text(errors="replace")[-3000:]
            raise SystemExit(f"bench: {' '.join(map(str, argv))} failed:\n{tail}")
        return result

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(timeout=10)


def tool_version(argv: list[str]) -> str:
    try:
        out = subprocess.run(argv, capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return "?"
    return (out.stdout or out.stderr).strip().splitlines()[0] if (out.stdout or out.stderr).strip() else "?"


def find_aws(explicit: str | None) -> str | None:
    """The aws executable, resolved past a pyenv shim (so wait4 sees aws itself)."""
    exe = explicit or shutil.which("aws")
    if exe and "/shims/" in exe and shutil.which("pyenv"):
        real = subprocess.run(["pyenv", "which", "aws"], capture_output=True, text=True)
        if real.returncode == 0 and real.stdout.strip():
            exe = real.stdout.strip()
    return exe


def digests(root: Path, algorithm: str = "sha256") -> dict[str, str]:
    return {
        e.name: hashlib.new(algorithm, Path(e.path).read_bytes()).hexdigest()
        for e in os.scandir(root)
        if e.is_file() and e.name.endswith(".md")
    }


def copy_field(src: Path, dest: Path) -> None:
    shutil.copytree(src, dest)  # copy2: keeps the back-dated mtimes
    # The copies' ctimes are new: the stat cache trusts a file once they are 2 s old, as
    # a field that existed before its first sync is (untimed; every tool's copy waits).
    time.sleep(2.1)


class Bench:
    def __init__(self, base: Path, opts: argparse.Namespace) -> None:
        from tests.s3_support import CREDENTIALS, MotoS3

        self.base, self.opts = base, opts
        self.launcher = Launcher()  # first, while this process is still small
        self.reps: int = opts.repeat
        self.logs = base / "logs"
        self.logs.mkdir()
        self.src = base / "src"
        self.moto = MotoS3().start()
        self.requests = self.moto.log  # every request moto answers, counted in this process
        host, port = self.moto.server.get_host_and_port()
        self.proxy = CountingProxy((host, port))
        self.client = self.moto.client()  # straight to moto (setup and checks; not counted)
        self.profile = Path(opts.profile).absolute() if opts.profile else None
        if self.profile:
            self.profile.mkdir(parents=True, exist_ok=True)

        clean = {
            k: v
            for k, v in os.environ.items()
            if not k.startswith(("AWS_", "RCLONE_")) and k.lower() not in ("http_proxy", "https_proxy", "all_proxy")
        }
        clean["NO_PROXY"] = clean["no_proxy"] = "127.0.0.1,localhost"
        aws_env = {**clean, **self.moto.env(self.proxy.endpoint), "AWS_EC2_METADATA_DISABLED": "true"}
        if not aws_env.get("AWS_CA_BUNDLE"):
            aws_env.pop("AWS_CA_BUNDLE", None)
        self.memsync_env = {**aws_env, "MEMSYNC_DEBUG": ""}
        self.aws_env = aws_env
        rclone_conf = base / "rclone.conf"
        rclone_conf.write_text("")
        self.rclone_env = {  # no AWS_CA_BUNDLE: rclone refuses a plain-http endpoint while it is set
            **clean,
            "RCLONE_CONFIG": str(rclone_conf),
            "RCLONE_CONFIG_MOTO_TYPE": "s3",
            "RCLONE_CONFIG_MOTO_PROVIDER": "Other",
            "RCLONE_CONFIG_MOTO_ENDPOINT": self.proxy.endpoint,
            "RCLONE_CONFIG_MOTO_ACCESS_KEY_ID": CREDENTIALS["AWS_ACCESS_KEY_ID"],
            "RCLONE_CONFIG_MOTO_SECRET_ACCESS_KEY": CREDENTIALS["AWS_SECRET_ACCESS_KEY"],
            "RCLONE_CONFIG_MOTO_REGION": CREDENTIALS["AWS_DEFAULT_REGION"],
            "RCLONE_CONFIG_MOTO_FORCE_PATH_STYLE": "true",
        }
        self.rclone = opts.rclone or shutil.which("rclone") or "rclone"
        self.aws = find_aws(opts.aws) or "aws"
        self.runs: dict[tuple[str, str], list[dict[str, Any]]] = {}
        self.checks: list[str] = []
        # Per tool: the last upload's bucket and local folder, the last download's folder.
        self.bucket: dict[str, str] = {}
        self.upload_dir: dict[str, Path] = {}
        self.upload_ws: Path | None = None
        self.download_dir: dict[str, Path] = {}
        self.download_ws: Path | None = None
        self._counter = 0

    def close(self) -> None:
        self.launcher.close()
        self.proxy.stop()
        self.moto.stop()

    # -- plumbing -------------------------------------------------------------------

    def memsync_argv(self, tag: str, *args: str) -> list[str]:
        if self.profile:
            return [sys.executable, "-m", "cProfile", "-o", str(self.profile / f"{tag}.prof"), "-m", "memsync", *args]
        return [sys.executable, "-m", "memsync", *args]

    def measure(self, tool: str, op: str, argv: list[str], env: dict[str, str], cwd: Path) -> dict[str, Any]:
        self._counter += 1
        os.sync()  # untimed: no earlier run's dirty pages get flushed on this one's clock
        self.requests.take()  # nothing earlier is counted
        before = self.proxy.snapshot()
        result = self.launcher.run(argv, env, cwd, self.logs / f"{self._counter:03d}-{tool}-{op}.log")
        seen = self.requests.take()
        after = self.proxy.snapshot()
        result.update(
            requests=len(seen),
            by_method=dict(Counter(m for m, _, _ in seen)),
            by_status=dict(Counter(str(s) for _, _, s in seen)),
            page_puts=sum(1 for m, p, _ in seen if m == "PUT" and p.endswith(".md")),
            page_gets=sum(1 for m, p, _ in seen if m == "GET" and p.split("?")[0].endswith(".md")),
            bytes_sent=after[0] - before[0],
            bytes_received=after[1] - before[1],
            connections=after[2] - before[2],
        )
        if self.opts.keep_requests:
            result["request_log"] = seen
        self.runs.setdefault((tool, op), []).append(result)
        return result

    def new_bucket(self, name: str) -> str:
        self.client.create_bucket(Bucket=name)
        return name

    def drop_bucket(self, bucket: str) -> None:
        """Free moto's memory (untimed, straight to moto, not counted)."""
        pages = self.client.get_paginator("list_objects_v2").paginate(Bucket=bucket)
        keys = [o["Key"] for page in pages for o in page.get("Contents", ())]
        for start in range(0, len(keys), 1000):
            objects = [{"Key": k} for k in keys[start : start + 1000]]
            self.client.delete_objects(Bucket=bucket, Delete={"Objects": objects, "Quiet": True})
        self.client.delete_bucket(Bucket=bucket)

    def remote_md5s(self, bucket: str) -> dict[str, str]:
        """MD5 of every page under the prefix, from the listing's ETags (single-part
        uploads: every tool here uploads pages of a few KB in one PUT)."""
        pages = self.client.get_paginator("list_objects_v2").paginate(Bucket=bucket, Prefix=f"{PREFIX}/")
        return {
            o["Key"][len(PREFIX) + 1 :]: o["ETag"].strip('"')
            for page in pages
            for o in page.get("Contents", ())
            if o["Key"].endswith(".md")
        }

    # -- the operations ----------------------------------------------------------------

    def startup(self, tool: str, rep: int) -> None:
        argv = {
            "memsync": self.memsync_argv(f"startup-{rep}", "--version"),
            "rclone": [self.rclone, "version"],
            "aws": [self.aws, "--version"],
        }[tool]
        self.measure(tool, "startup", argv, self.env(tool) if tool != "memsync" else self.memsync_env, self.base)

    def upload(self, tool: str, rep: int) -> None:
        bucket = self.new_bucket(f"{tool}-up-{rep}")
        url = f"s3://{bucket}/{PREFIX}"
        if tool == "memsync":
            from memsync.workspace import Workspace

            ws = self.base / f"memsync-up-{rep}"
            ws.mkdir()
            field = ws / FIELD_NAME
            copy_field(self.src, field)
            workspace = Workspace.init(ws)
            workspace.add_field(FIELD_NAME, field)
            workspace.add_remote(FIELD_NAME, "origin", url, {})
            argv = self.memsync_argv(f"upload-{rep}", "push", FIELD_NAME)
            self.measure(tool, "upload", argv, self.memsync_env, ws)
            local = field
            if self.upload_ws is not None:
                shutil.rmtree(self.upload_ws)
            self.upload_ws = ws
        else:
            local = self.base / f"{tool}-up-{rep}"
            copy_field(self.src, local)
            self.measure(tool, "upload", self.sync_argv(tool, str(local), url), self.env(tool), self.base)
            if tool in self.upload_dir:
                shutil.rmtree(self.upload_dir[tool])
        if tool in self.bucket:
            self.drop_bucket(self.bucket[tool])
        self.bucket[tool], self.upload_dir[tool] = bucket, local
        if self.remote_md5s(bucket) != digests(self.src, "md5"):
            raise SystemExit(f"bench: after {tool}'s upload the bucket's pages differ from the field's")

    def download(self, tool: str, rep: int) -> None:
        url = f"s3://{self.bucket[tool]}/{PREFIX}"
        if tool == "memsync":
            ws = self.base / f"memsync-down-{rep}"
            ws.mkdir()
            argv = self.memsync_argv(f"download-{rep}", "clone", url, FIELD_NAME, "--name", FIELD_NAME, "--no-index")
            self.measure(tool, "download", argv, self.memsync_env, ws)
            local = ws / FIELD_NAME
            if self.download_ws is not None:
                shutil.rmtree(self.download_ws)
            self.download_ws = ws
        else:
            local = self.base / f"{tool}-down-{rep}"
            self.measure(tool, "download", self.sync_argv(tool, url, str(local)), self.env(tool), self.base)
            if tool in self.download_dir:
                shutil.rmtree(self.download_dir[tool])
        self.download_dir[tool] = local
        if digests(local) != self.src_digests:
            raise SystemExit(f"bench: {tool}'s download differs from the field")

    def noop(self, tool: str, rep: int) -> None:
        local = self.download_dir[tool]
        if tool == "memsync":
            assert self.download_ws is not None
            argv = self.memsync_argv(f"noop-{rep}", "pull", FIELD_NAME, "--no-index")
            result = self.measure(tool, "noop", argv, self.memsync_env, self.download_ws)
        else:
            url = f"s3://{self.bucket[tool]}/{PREFIX}"
            result = self.measure(tool, "noop", self.sync_argv(tool, url, str(local)), self.env(tool), self.base)
        if result["by_method"].get("PUT") or result["page_gets"]:
            raise SystemExit(f"bench: {tool}'s no-op sync moved pages: {result['by_method']}")

    def changed(self, tool: str, rep: int) -> None:
        local = self.upload_dir[tool]
        rng = random.Random(SEED + 100 + rep)  # the same pages and edits for every tool in a round
        edit_pages(local, rng, CHANGED_PAGES, rep)
        if tool == "memsync":
            assert self.upload_ws is not None
            argv = self.memsync_argv(f"changed-{rep}", "push", FIELD_NAME)
            self.measure(tool, "changed", argv, self.memsync_env, self.upload_ws)
        else:
            url = f"s3://{self.bucket[tool]}/{PREFIX}"
            self.measure(tool, "changed", self.sync_argv(tool, str(local), url), self.env(tool), self.base)
        if self.remote_md5s(self.bucket[tool]) != digests(local, "md5"):
            raise SystemExit(f"bench: after {tool}'s sync the changed pages are not on the remote")

    def sync_argv(self, tool: str, source: str, dest: str) -> list[str]:
        if tool == "rclone":
            source, dest = (s.replace("s3://", "moto:", 1) for s in (source, dest))
            return [self.rclone, "sync", source, dest]
        return [self.aws, "s3", "sync", source, dest, "--endpoint-url", self.proxy.endpoint, "--only-show-errors"]

    def env(self, tool: str) -> dict[str, str]:
        return self.rclone_env if tool == "rclone" else self.aws_env

    # -- the whole run ------------------------------------------------------------------

    def run(self) -> dict[str, Any]:
        opts = self.opts
        revision_at_start = revision()
        say(f"generating {opts.pages} pages in {self.src}")
        page_bytes = generate_field(self.src, opts.pages, SEED)
        age_files(self.src)
        self.src_digests = digests(self.src)
        tools = [t for t in TOOLS if t not in opts.skip]
        for op in OPERATIONS:
            for rep in range(self.reps):
                for tool in tools:
                    say(f"{OPERATIONS[op]}: {tool} {rep + 1}/{self.reps}")
                    getattr(self, op)(tool, rep)
        self.checks.append("every upload's bucket holds the field's pages byte for byte")
        self.checks.append("every download equals the field; every no-op moved no page")
        self.checks.append(f"after every {CHANGED_PAGES}-page sync the remote holds the edited pages")
        return {
            "meta": {
                "pages": opts.pages,
                "page_bytes": page_bytes,
                "repeat": self.reps,
                "seed": SEED,
                "revision": _revisions(revision_at_start, revision()),
                "rclone": tool_version([self.rclone, "version"]) if "rclone" in tools else None,
                "aws": tool_version([self.aws, "--version"]) if "aws" in tools else None,
                "python": platform.python_version(),
                "platform": platform.platform(),
                "cpus": os.cpu_count(),
                "when": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
                "profiled": bool(self.profile),
                "directory": str(self.base) if opts.keep else None,
            },
            "results": {f"{tool}/{op}": summarise(runs) for (tool, op), runs in sorted(self.runs.items(), key=_order)},
            "checks": self.checks,
        }


def _order(item: tuple[tuple[str, str], Any]) -> tuple[int, int]:
    (tool, op), _ = item
    return list(OPERATIONS).index(op), TOOLS.index(tool)


def _revisions(start: str, end: str) -> str:
    return start if start == end else f"{start}, changed to {end} during the run"


def summarise(runs: list[dict[str, Any]]) -> dict[str, Any]:
    times = [r["seconds"] for r in runs]
    heaviest = max(runs, key=lambda r: r["requests"])
    return {
        "median_seconds": statistics.median(times),
        "min_seconds": min(times),
        "median_cpu_seconds": statistics.median(r["cpu_seconds"] for r in runs),
        "peak_rss_kib": max(r["maxrss_kib"] for r in runs),
        "requests": heaviest["requests"],
        "by_method": heaviest["by_method"],
        "page_puts": heaviest["page_puts"],
        "page_gets": heaviest["page_gets"],
        "bytes_sent": heaviest["bytes_sent"],
        "bytes_received": heaviest["bytes_received"],
        "runs": runs,
    }


# -- the report ---------------------------------------------------------------------


def verdicts(results: dict[str, Any]) -> list[str]:
    lines = []
    noop = results.get("memsync/noop")
    if noop:
        n = noop["requests"]
        ok = "OK" if n <= NOOP_BUDGET else "NOT OK"
        lines.append(f"no-op sync <= {NOOP_BUDGET} requests whatever the field size: memsync made {n} -> {ok}")
    changed = results.get("memsync/changed")
    if changed:
        pages, other = changed["page_puts"], changed["requests"] - changed["page_puts"]
        ok = "OK" if pages <= CHANGED_PAGES and other <= PUSH_CONSTANT else "NOT OK"
        lines.append(
            f"push of {CHANGED_PAGES} changed pages <= {CHANGED_PAGES} page writes + a constant "
            f"(<= {PUSH_CONSTANT}, as tests/test_s3.py): memsync made {pages} page PUTs + {other} other requests"
            f" -> {ok}"
        )
    return lines


def render(data: dict[str, Any]) -> str:
    meta, results = data["meta"], data["results"]
    lines = [
        f"memsync S3 bench: {meta['pages']} pages, {fmt_bytes(meta['page_bytes'])} of Markdown, "
        f"{meta['repeat']} repetitions, one moto server on 127.0.0.1 behind a counting proxy; "
        f"memsync {meta['revision']}, {meta['rclone']}, {meta['aws']}, Python {meta['python']}, "
        f"{meta['cpus']} CPUs, {meta['when']}",
        "Every figure is a whole CLI process (interpreter start-up included). Time: median (min) of the "
        "repetitions; cpu: median user+sys seconds of the process and its children (a shared machine's load "
        "stretches wall times, far less CPU times); peak: max RSS of the process; requests and bytes: the "
        "repetition with the most requests (bytes are on the wire, HTTP headers included; sent = to S3).",
    ]
    if meta["profiled"]:
        lines.append("PROFILED RUN: memsync ran under cProfile, its times are inflated.")
    lines.append("")
    header = (
        f"{'operation':<34} {'tool':<8} {'median':>8} {'min':>8} {'cpu':>8} {'peak':>8} {'requests':>8}  "
        f"{'sent':>8} {'received':>8}  by method"
    )
    lines += [header, "-" * len(header)]
    for op, label in OPERATIONS.items():
        first = True
        for tool in TOOLS:
            r = results.get(f"{tool}/{op}")
            if r is None:
                continue
            methods = ", ".join(f"{m} {n}" for m, n in sorted(r["by_method"].items(), key=lambda kv: -kv[1]))
            if r["page_puts"] or r["page_gets"]:
                methods += f" (pages: {r['page_puts']} PUT, {r['page_gets']} GET)"
            ratio = ""
            if tool == "memsync":
                others = [results[f"{t}/{op}"]["median_seconds"] for t in TOOLS[1:] if f"{t}/{op}" in results]
                if others:
                    ratio = (
                        " ["
                        + ", ".join(
                            f"{r['median_seconds'] / results[f'{t}/{op}']['median_seconds']:.2f}x {t}"
                            for t in TOOLS[1:]
                            if f"{t}/{op}" in results
                        )
                        + "]"
                    )
            lines.append(
                f"{label if first else '':<34} {tool:<8} {fmt_time(r['median_seconds']):>8} "
                f"{fmt_time(r['min_seconds']):>8} {fmt_time(r['median_cpu_seconds']):>8} "
                f"{r['peak_rss_kib'] / 1024:>5.0f} MiB {r['requests']:>8,}  "
                f"{fmt_bytes(r['bytes_sent']):>8} {fmt_bytes(r['bytes_received']):>8}  {methods}{ratio}".rstrip()
            )
            first = False
        lines.append("")
    lines.append("Brief §8 targets (memsync):")
    lines += [f"  {v}" for v in verdicts(results)]
    lines += ["", "Checks: " + "; ".join(data["checks"]) + "."]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=10_000, help="pages in the generated field (default 10000)")
    parser.add_argument("--repeat", type=int, default=3, help="repetitions of each operation (default 3)")
    parser.add_argument("--json", metavar="PATH", help="also write every figure as JSON to PATH")
    parser.add_argument("--keep", metavar="DIR", help="work in DIR (must be empty or new) and keep it")
    parser.add_argument("--profile", metavar="DIR", help="run memsync under cProfile, one .prof per run in DIR")
    parser.add_argument("--skip", action="append", default=[], choices=TOOLS[1:], help="leave out a reference tool")
    parser.add_argument("--rclone", metavar="EXE", help="the rclone to run (default: rclone on PATH)")
    parser.add_argument("--aws", metavar="EXE", help="the aws CLI to run (default: aws on PATH, past pyenv shims)")
    parser.add_argument("--keep-requests", action="store_true", help="put every request seen into the JSON")
    opts = parser.parse_args(argv)
    if opts.pages < CHANGED_PAGES or opts.repeat < 1:
        parser.error(f"--pages must be at least {CHANGED_PAGES} and --repeat at least 1")
    if "rclone" not in opts.skip and not (opts.rclone or shutil.which("rclone")):
        parser.error("rclone is not on PATH (apt-get install rclone), or pass --skip rclone")
    if "aws" not in opts.skip and not find_aws(opts.aws):
        parser.error("aws is not on PATH (pip install awscli, in its own venv), or pass --skip aws")
    base = Path(opts.keep).absolute() if opts.keep else Path(tempfile.mkdtemp(prefix="memsync-bench-s3-"))
    base.mkdir(parents=True, exist_ok=True)
    if any(base.iterdir()):
        parser.error(f"{base} is not empty")
    bench = None
    try:
        bench = Bench(base, opts)
        data = bench.run()
    finally:
        if bench is not None:
            bench.close()
        if not opts.keep:
            shutil.rmtree(base, ignore_errors=True)
    print(render(data))
    if opts.json:
        Path(opts.json).write_text(json.dumps(data, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
