"""The CLI loads a command's module only when that command runs."""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

from conftest import CliRunner, make_field, page

from memsync.cli.app import COMMANDS, main


def test_every_command_is_where_the_table_says() -> None:
    for module in set(COMMANDS.values()):
        importlib.import_module(module)
    listed = main.list_commands(None)  # type: ignore[arg-type]
    assert sorted(COMMANDS) == listed
    for name in listed:
        command = main.commands[name]
        assert command.callback is not None
        assert command.callback.__module__ == COMMANDS[name], name


def test_version_imports_no_command() -> None:
    code = (
        "import sys\n"
        "from memsync.cli import main\n"
        "try:\n"
        "    main(['--version'])\n"
        "except SystemExit:\n"
        "    pass\n"
        "heavy = ('memsync', 'yaml', 'boto', 'git', 'fsspec')\n"
        "print(' '.join(sorted(m for m in sys.modules if m.startswith(heavy))))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    version, modules = done.stdout.splitlines()
    assert version.startswith("memsync, version ")
    # The CLI's own frame (its group and shared options, errors, progress bars) and nothing of a
    # command, nor the libraries they need.
    frame = {"memsync.cli.app", "memsync.cli.group", "memsync.cli.options", "memsync.errors", "memsync.progress"}
    assert set(modules.split()) <= {"memsync", "memsync.cli", *frame}


def test_a_command_imports_its_module_only() -> None:
    code = (
        "import sys\n"
        "from memsync.cli import main\n"
        "try:\n"
        "    main(['pack', '--help'])\n"
        "except SystemExit:\n"
        "    pass\n"
        "names = ('memsync.cli.files', 'memsync.cli.sync', 'memsync.serve', 'memsync.cli.vectors')\n"
        "print(' '.join(m for m in names if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.splitlines()[-1].split() == ["memsync.cli.files"]


# What a command run never needs unless it signs or checks a signature (cryptography and
# memsync's signature code), reads a page's frontmatter (yaml), reviews, indexes or
# searches, or uses that transport; nor a plugin (importlib.metadata scans every
# installed package) for a scheme memsync serves itself.
UNNEEDED = (
    "importlib.metadata",
    "cryptography",
    "memsync.ssh.sshsig",
    "memsync.release",
    "yaml",
    "sqlite3",
    "memsync.review",
    "memsync.vectors.rebuild",
    "memsync.vectors.search",
)
TRANSPORTS = ("fsspec", "botocore", "requests", "memsync.git_remote", "memsync.backends.s3", "memsync.backends.http")


def _modules_after(args: list[str], cwd: Path) -> set[str]:
    """The top-level names (and memsync's modules) a fresh process imported to run ``memsync ARGS``."""
    code = (
        "import sys\n"
        "from memsync.cli import main\n"
        "try:\n"
        f"    main({args!r})\n"
        "except SystemExit as exc:\n"
        "    assert not exc.code, exc.code\n"
        "print(' '.join(sorted(sys.modules)))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=cwd, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return set(done.stdout.splitlines()[-1].split())


def _loaded(modules: set[str], names: tuple[str, ...]) -> list[str]:
    return sorted(m for m in modules if m in names or m.startswith(tuple(f"{n}." for n in names)))


def test_status_sync_and_push_import_only_what_they_need(tmp_path: Path, cli: CliRunner) -> None:
    ws = tmp_path / "ws"
    ws.mkdir()
    make_field(ws / "notes", {"a.md": page("A", "one"), "b.md": page("B", "two")})
    for args in (["init"], ["add", "notes", "notes"], ["remote", "add", "notes", "origin", str(tmp_path / "remote")]):
        assert cli(*args, cwd=ws).returncode == 0
    assert cli("push", "notes", cwd=ws).returncode == 0

    for args in (["status", "notes"], ["sync", "notes"]):
        modules = _modules_after(args, ws)
        assert "memsync.engine" in modules  # the run did happen
        assert _loaded(modules, UNNEEDED + TRANSPORTS) == [], args
    (ws / "notes" / "a.md").write_text(page("A", "one, edited"))
    modules = _modules_after(["push", "notes"], ws)
    assert "yaml" in modules  # the page it carried had its frontmatter checked
    assert _loaded(modules, tuple(n for n in UNNEEDED if n != "yaml") + TRANSPORTS) == []
