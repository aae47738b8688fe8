"""The CI-publishing example: a workflow that pins what it runs, as a tool that pins
what it receives should, and passes actionlint and zizmor with no findings."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

WORKFLOW = Path(__file__).parent.parent / "examples" / "github-workflows" / "publish-demo-field.yml"


def _tool(name: str) -> str:
    found = shutil.which(name, path=os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")]))
    if found is None:
        pytest.fail(f"{name} is not installed (it comes with the test extra)")
    return found


def test_actionlint_finds_nothing() -> None:
    result = subprocess.run([_tool("actionlint"), str(WORKFLOW)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize("persona", ["regular", "pedantic"])
def test_zizmor_finds_nothing(persona: str) -> None:
    result = subprocess.run(
        [_tool("zizmor"), "--offline", "--persona", persona, str(WORKFLOW)], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "No findings" in result.stdout + result.stderr


def test_the_workflow_installs_memsync_itself_and_verifies_with_ssh_keygen() -> None:
    steps = yaml.safe_load(WORKFLOW.read_text())["jobs"]["publish"]["steps"]
    scripts = "\n".join(step.get("run", "") for step in steps)
    assert "pip install ." not in scripts, "would install whatever repository it was copied into"
    assert '"$MEMSYNC_PACKAGE"' in scripts
    assert "ssh-keygen -Y verify" in scripts and "MEMSYNC_SIGNING_KEY" in WORKFLOW.read_text()
    for step in steps:
        if "uses" in step:
            ref = step["uses"].split("@", 1)[1]
            assert len(ref) == 40 and all(c in "0123456789abcdef" for c in ref), step["uses"]
