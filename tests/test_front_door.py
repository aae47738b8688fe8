"""memsync.api is the only door: every command goes through it, and its one error
boundary turns every foreign error into a memsync error with its exit code."""

from __future__ import annotations

import errno
import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from memsync import api, engine
from memsync.api import Memsync
from memsync.cli.app import main
from memsync.errors import InternalError, RemoteError
from tests.conftest import every_command, make_field, page
from tests.test_layers import ROOT, _imports, _layer, _module_path, _table


def _workspace(tmp_path: Path) -> Memsync:
    ws = tmp_path / "ws"
    ws.mkdir()
    m = Memsync.init(ws)
    make_field(ws / "notes", {"a.md": page("A", "one")})
    m.add("notes", ws / "notes")
    m.add_remote("notes", "origin", str(tmp_path / "remote"))
    return m


def test_a_store_librarys_error_is_the_remotes_failure_not_a_bug(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An exception a store library raised and its store did not translate (botocore's,
    say) leaves the API as a RemoteError: one line, exit 1, not "internal error"."""
    m = _workspace(tmp_path)
    failure = type("EndpointConnectionError", (Exception,), {"__module__": "botocore.exceptions"})

    def unreachable(self: engine.Session, *args: Any, **kwargs: Any) -> Any:
        raise failure('Could not connect to the endpoint URL: "http://127.0.0.1:9/"')

    monkeypatch.setattr(engine.Session, "run", unreachable)
    with pytest.raises(RemoteError) as refused:
        m.push("notes")
    assert not isinstance(refused.value, InternalError) and refused.value.code == 1
    assert str(refused.value).startswith("EndpointConnectionError: Could not connect")
    assert isinstance(refused.value.__cause__, failure)


# -- every command goes through memsync.api ------------------------------------------

#: What a module of the CLI layer (the commands, the server, ``python -m memsync``) may
#: import of memsync: the API, which is the only door to the library; the CLI's own
#: modules; and the helpers it prints with: ``memsync.errors`` (the one-line message,
#: exit codes, credentials hidden), ``memsync.progress`` (progress bars, handed to the
#: API), ``memsync.limits`` (bounds it states; constants, no code)
#: and the package itself (``__version__``). Anything else is below the door.
CLI_MAY_IMPORT = ("memsync", "memsync.api", "memsync.errors", "memsync.limits", "memsync.progress")


def _cli_modules(root: Path) -> list[str]:
    """The modules ARCHITECTURE.md puts in the cli layer, as files under ``root``."""
    table = _table()
    files = sorted((root / "memsync").rglob("*.py"))
    return [p.relative_to(root).as_posix() for p in files if _layer(p.relative_to(root).as_posix(), table) == "cli"]


def front_door_violations(root: Path) -> list[str]:
    """Each import of a CLI-layer module under ``root`` that goes past memsync.api."""
    cli = _cli_modules(root)
    wrong = []
    for where in cli:
        for module in sorted(_imports(root / where, root)):
            target = _module_path(module, root)
            if module in CLI_MAY_IMPORT or target in cli:
                continue
            wrong.append(f"{where} imports {module}: a command reaches the library through memsync.api only")
    return wrong


def test_every_command_is_defined_in_the_cli_layer_and_imports_only_the_api() -> None:
    commands = every_command()
    assert len(commands) > 40 and {"serve", "watch", "trust list", "history", "pack"} <= set(commands)
    cli = _cli_modules(ROOT)
    for name, command in commands.items():
        assert command.callback is not None, name
        where = _module_path(command.callback.__module__)
        assert where in cli, (
            f"memsync {name} is defined in {where}, which ARCHITECTURE.md does not put in the cli layer"
        )
    assert front_door_violations(ROOT) == []


@pytest.mark.parametrize(
    "plant",
    [
        "from ..workspace import Workspace\n",  # the workspace, as `trust list` read it
        "def f():\n    from .. import history\n    return history\n",  # inside a function
        "import importlib\n\nengine = importlib.import_module('memsync.engine')\n",
    ],
)
def test_the_front_door_rule_catches_a_command_reaching_past_the_api(tmp_path: Path, plant: str) -> None:
    shutil.copytree(ROOT / "memsync", tmp_path / "memsync", ignore=shutil.ignore_patterns("__pycache__"))
    assert front_door_violations(tmp_path) == [], "the copy is clean before the plant"
    planted = tmp_path / "memsync" / "cli" / "files.py"
    planted.write_text(planted.read_text() + "\n" + plant)
    wrong = front_door_violations(tmp_path)
    assert len(wrong) == 1 and wrong[0].startswith("memsync/cli/files.py imports memsync."), wrong


def test_architecture_md_states_the_rule() -> None:
    text = " ".join((ROOT / "ARCHITECTURE.md").read_text().split())
    assert "tests/test_front_door.py" in text
    for module in CLI_MAY_IMPORT[1:]:
        assert f"`{module}`" in text, module


# -- one boundary: what reaches the CLI is printed, not mapped again -----------------


def _run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """``memsync ARGS`` in this process (no signal handlers: not standalone), its exit code and stderr."""
    with pytest.raises(SystemExit) as ended:
        main.main(args, standalone_mode=False)
    return int(ended.value.code or 0), capsys.readouterr().err


def test_a_store_librarys_error_in_a_command_is_one_line_not_an_internal_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    m = _workspace(tmp_path)
    failure = type("ConnectTimeout", (Exception,), {"__module__": "requests.exceptions"})

    def unreachable(self: engine.Session, *args: Any, **kwargs: Any) -> Any:
        raise failure("HTTPSConnectionPool(host='example.invalid', port=443): timed out")

    monkeypatch.setattr(engine.Session, "run", unreachable)
    monkeypatch.chdir(m.root)
    code, err = _run(["push", "notes"], capsys)
    assert code == 1
    assert err.splitlines() == [
        "memsync: ConnectTimeout: HTTPSConnectionPool(host='example.invalid', port=443): timed out"
    ]


def test_the_clis_own_failure_is_worded_by_the_same_rule(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Its output to a full disk, say: one line, as the API's boundary words an OSError."""
    from memsync.cli import workspace

    m = _workspace(tmp_path)

    def full(*args: Any, **kwargs: Any) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(workspace, "_emit", full)
    monkeypatch.chdir(m.root)
    assert _run(["fields"], capsys) == (1, "memsync: No space left on device\n")


def test_the_server_answers_a_fields_os_error_with_500_and_no_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A field's OSError crosses the API's boundary as a MemsyncError; the server still
    answers 500 with the error's words, and names no path of its machine."""
    from memsync import served
    from memsync.serve import App

    folder = tmp_path / "notes"
    make_field(folder, {"a.md": page("A", "one")})
    fields = api.serve_fields([folder])
    fields["notes"].prepare(index=False)

    def broken(path: Path) -> bytes | None:
        raise OSError(errno.EIO, os.strerror(errno.EIO), str(path))

    monkeypatch.setattr(served, "_read_or_none", broken)
    answered: list[str] = []
    body = b"".join(
        App(fields, {})(
            {"REQUEST_METHOD": "GET", "PATH_INFO": "/a.md"}, lambda status, headers: answered.append(status)
        )
    )
    assert answered == ["500 Internal Server Error"]
    assert json.loads(body) == {"error": f"the server cannot read or write the field: {os.strerror(errno.EIO)}"}
