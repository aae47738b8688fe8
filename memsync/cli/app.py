"""The ``memsync`` command line: parse, call the library, print.

Every command takes ``--json`` (one JSON object on stdout, documented in
docs/JSON.md), ``-q`` (errors only) and ``-v`` (every file); commands that
change something take ``--dry-run``. Errors are one line on stderr and a
non-zero exit: 1 error, 2 usage, 3 conflicts kept as copies, 4 pull first,
130 interrupted (Ctrl-C), 143 terminated (SIGTERM); under ``--json`` the error
is also ``{"error": ..., "code": ...}`` on stdout.
"""

from __future__ import annotations

import importlib
import threading

import click

from .. import __version__
from .group import Group
from .options import _verbosity_options

#: Where each command is defined, so a command imports only its own module:
#: ``memsync --version`` imports no command at all, and ``memsync push``
#: none of the server, the scanner or the vector code. A command missing here
#: is still found (every module is imported to look for it), only slower;
#: tests/test_cli_lazy.py keeps this table true.
COMMANDS = {
    **dict.fromkeys(("init", "add", "fields", "remove"), "memsync.cli.workspace"),
    "remote": "memsync.cli.remotes",
    **dict.fromkeys(
        ("pull", "push", "sync", "status", "unlock", "log", "publish", "clone", "mirror"), "memsync.cli.sync"
    ),
    **dict.fromkeys(("pack", "unpack", "verify", "validate", "manifest", "demo"), "memsync.cli.files"),
    **dict.fromkeys(
        ("keygen", "sign-with", "trust", "quarantine", "review", "accept", "reject", "blame"), "memsync.cli.trust"
    ),
    **dict.fromkeys(("index", "search"), "memsync.cli.vectors"),
    **dict.fromkeys(("conflicts", "resolve", "history", "restore", "undo", "gc", "config"), "memsync.cli.history"),
    "watch": "memsync.cli.watch",
    "serve": "memsync.serve",
}


class _Lazy(Group):
    """The top group: loads a command's module only when that command runs (or
    help lists it). A command module holds plain click commands and never imports
    this one, so the CLI's imports have no cycle."""

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        with _adding:
            if cmd_name not in self.commands:
                home = COMMANDS.get(cmd_name)
                for module in [home] if home else dict.fromkeys(COMMANDS.values()):
                    command = _commands_in(module).get(cmd_name)
                    if command is not None:
                        self.add_command(command, cmd_name)
                        break
        return self.commands.get(cmd_name)

    def list_commands(self, ctx: click.Context) -> list[str]:
        with _adding:
            for module in dict.fromkeys(COMMANDS.values()):
                for name, command in _commands_in(module).items():
                    if name not in self.commands:
                        self.add_command(command, name)
        return sorted(self.commands)


# Adding a command gives it -q/-v, so it must happen once: when commands registered
# themselves on import, Python's import lock saw to that; threads that run commands
# in one process (main.main) now wait here instead.
_adding = threading.Lock()


def _commands_in(module: str) -> dict[str, click.Command]:
    """The top-level commands a module defines, by name: its click commands that
    are no subcommand of one of its groups (``remote add`` is not ``add``)."""
    found = [value for value in vars(importlib.import_module(module)).values() if isinstance(value, click.Command)]
    subcommands = {id(sub) for group in found if isinstance(group, click.Group) for sub in group.commands.values()}
    return {command.name: command for command in found if command.name and id(command) not in subcommands}


@click.group(cls=_Lazy, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="memsync")
def main() -> None:
    """Sync and transport memoryfields between local folders and remotes."""


main.params.extend(_verbosity_options())
