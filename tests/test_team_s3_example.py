"""examples/team-s3.md, followed step by step against moto as a MinIO-style
server: every command run here is a line of the walkthrough's shell blocks
(with the bucket and the endpoints replaced by the test's own), and no
AWS_ENDPOINT_URL is set, so only the documented ``-o endpoint_url=`` reaches
the server."""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from s3_support import FlakyProxy
from test_fsspec_remotes import consistent_files
from test_s3 import aws_env, bucket_objects, content, ok

from memsync.workspace import Workspace
from tests.conftest import page

DOC = Path(__file__).resolve().parents[1] / "examples" / "team-s3.md"


def documented() -> list[str]:
    """Every command line of the walkthrough's ``sh`` blocks, comments dropped."""
    blocks = re.findall(r"```sh\n(.*?)```", DOC.read_text(), re.S)
    return [line.split("  #")[0].strip() for block in blocks for line in block.splitlines() if line.strip()]


class Walkthrough:
    def __init__(self, bucket: str, endpoints: dict[str, str], env: dict[str, str]) -> None:
        self.lines = documented()
        self.bucket, self.endpoints, self.env = bucket, endpoints, env

    def __call__(self, line: str, cwd: Path, *extra: str) -> subprocess.CompletedProcess[str]:
        assert line in self.lines, f"not in examples/team-s3.md: {line}"
        text = line.replace("s3://team-memory/", f"s3://{self.bucket}/")
        for documented_endpoint, real in self.endpoints.items():
            text = text.replace(documented_endpoint, real)
        argv = shlex.split(text)
        assert argv[0] == "memsync", line
        cwd.mkdir(parents=True, exist_ok=True)
        return subprocess.run(
            [sys.executable, "-m", "memsync", *argv[1:], *extra],
            cwd=cwd,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=120,
        )


def test_team_s3_walkthrough_as_written(s3_server: Any, tmp_path: Path, requests_seen: Any) -> None:
    client, bucket = s3_server.client(), s3_server.new_bucket()
    env = aws_env(s3_server)
    del env["AWS_ENDPOINT_URL"]
    env.update(MEMSYNC_TIMEOUT="5", AWS_MAX_ATTEMPTS="1")
    host, port = s3_server.endpoint.removeprefix("http://").split(":")
    second = FlakyProxy((host, int(port)), reset_share=0, delay_share=0).start()  # the server's new address
    run = Walkthrough(
        bucket,
        {"https://minio.internal:9000": s3_server.endpoint, "https://minio2.internal:9000": second.endpoint},
        env,
    )
    url = "s3://team-memory/fields/runbook"
    prefix = "fields/runbook"
    try:
        # The first person has the pages, adds the remote and pushes.
        one, two, three = tmp_path / "one", tmp_path / "two", tmp_path / "three"
        (one / "runbook").mkdir(parents=True)
        for i in range(5):
            (one / "runbook" / f"step-{i}.md").write_text(page(f"Step {i}", f"do thing {i}"))
        ok(run("memsync init", one))
        ok(run("memsync add runbook ./runbook", one))
        ok(run(f"memsync remote add runbook origin {url} -o endpoint_url=https://minio.internal:9000", one))
        ok(run("memsync push runbook", one))
        assert consistent_files(bucket_objects(client, bucket, prefix)) == content(one / "runbook")

        # The others clone it; without the endpoint option it would go to AWS.
        for person in (two, three):
            ok(run("memsync init", person))
            ok(run(f"memsync clone {url} -o endpoint_url=https://minio.internal:9000", person))
            assert content(person / "runbook") == content(one / "runbook")

        # Two people sync at the same moment: both updates land.
        (two / "runbook" / "step-1.md").write_text(page("Step 1", "do thing 1, then check it (two)"))
        (three / "runbook" / "from-three.md").write_text(page("From three", "a new page"))
        with ThreadPoolExecutor(2) as pool:
            results = list(pool.map(lambda p: run("memsync sync runbook", p), (two, three)))
        for result in results:
            ok(result)
        for person in (one, two, three):
            ok(run("memsync sync runbook", person))
        assert content(one / "runbook") == content(two / "runbook") == content(three / "runbook")
        assert "from-three.md" in content(one / "runbook")
        assert b"(two)" in content(three / "runbook")["step-1.md"]

        # When nothing changed, a sync is one request answered 304.
        requests_seen.take()
        ok(run("memsync sync runbook", one))
        seen = requests_seen.take()
        assert len(seen) == 1 and seen[0][2] == 304, seen

        # The server moves: the base stays (same SHA256SUMS at the new endpoint), so a
        # deletion made by another person still arrives as a deletion.
        said = run(f"{run_line('set-url', 'minio2')}", two, "--json")
        assert json.loads(ok(said))["kept_base"] is True
        (one / "runbook" / "step-4.md").unlink()
        ok(run("memsync sync runbook", one))
        ok(run("memsync sync runbook", two))
        assert "step-4.md" not in content(two / "runbook")

        # The field is copied to another prefix: set-url keeps the base there too.
        for name, data in bucket_objects(client, bucket, prefix).items():
            client.put_object(Bucket=bucket, Key=f"archive/runbook/{name}", Body=data)
        ok(run("memsync remote set-url runbook origin s3://team-memory/archive/runbook", three))
        assert Workspace(three).load_base("runbook", "origin") is not None
        listed = ok(run("memsync remote list runbook -v", three))
        assert f"s3://{bucket}/archive/runbook" in listed and f"endpoint_url={s3_server.endpoint}" in listed
        ok(run("memsync remote rename runbook origin team", three))
        assert Workspace(three).load_base("runbook", "team") is not None

        ok(run("memsync remote set-option runbook origin shared=true", one))
        ok(run("memsync sync runbook", one))
        ok(run("memsync unlock runbook", one))
    finally:
        second.stop()


def run_line(kind: str, endpoint: str) -> str:
    """The one documented line of this kind (so the test cannot drift from the doc)."""
    found = [line for line in documented() if f" {kind} " in line and endpoint in line]
    assert len(found) == 1, found
    return found[0]
