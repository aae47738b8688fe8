"""The CLI loads a command's module only when that command runs."""

from __future__ import annotations

import importlib
import subprocess
import sys

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
    # The CLI's own frame (errors, progress bars) and nothing of a command, nor the libraries they need.
    assert set(modules.split()) <= {"memsync", "memsync.cli", "memsync.cli.app", "memsync.errors", "memsync.progress"}


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
