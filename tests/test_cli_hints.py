"""Every hint names a command or option that exists: each ``memsync COMMAND
--option`` that any text in memsync mentions, and each ``--option`` the CLI's
texts (help, messages) or an error raised anywhere mention (elsewhere, flags
are git's), is checked against the click commands; so is each command line the
README, docs/ and examples/ show."""

from __future__ import annotations

import ast
import importlib
import re
from collections.abc import Iterator
from pathlib import Path

import click

import memsync
from memsync.cli.app import COMMANDS, main

ROOT = Path(memsync.__file__).parent
# A command line: words, options, and placeholders (FIELD, an f-string's hole, a quoted value).
_MENTION = re.compile(r"""memsync((?: (?:[a-z][a-z0-9-]*|--?[a-z][a-z0-9-]*|[A-Z][A-Z0-9_]*|\{\}|'[^']*'))+)""")
_FLAG = re.compile(r"(?<![\w-])(--[a-z][a-z0-9-]*[a-z0-9])")


def _commands() -> dict[tuple[str, ...], click.Command]:
    for module in set(COMMANDS.values()):
        importlib.import_module(module)
    ctx = click.Context(main)
    found: dict[tuple[str, ...], click.Command] = {}

    def walk(path: tuple[str, ...], command: click.Command) -> None:
        found[path] = command
        if isinstance(command, click.Group):
            for name in command.list_commands(ctx):
                sub = command.get_command(ctx, name)
                assert sub is not None
                walk((*path, name), sub)

    walk((), main)
    return found


def _options(command: click.Command) -> set[str]:
    names = {"--help"}
    for param in command.params:
        names.update(getattr(param, "opts", ()), getattr(param, "secondary_opts", ()))
    return names


def _texts() -> Iterator[tuple[str, str, bool]]:
    """(where, text, whether its flags are memsync's) of every string in memsync
    (f-strings with their holes as "{}"): the flags of the CLI's texts and of the
    exceptions raised anywhere are memsync's."""

    def text_of(node: ast.AST) -> str | None:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return node.value
        if isinstance(node, ast.JoinedStr):
            return "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
        return None

    for path in sorted(ROOT.rglob("*.py")):
        tree = ast.parse(path.read_text("utf-8"))
        in_cli = path.parent.name == "cli"
        raised = {
            id(part)
            for node in ast.walk(tree)
            if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call)
            for arg in node.exc.args
            for part in ast.walk(arg)
        }
        for node in ast.walk(tree):
            text = text_of(node)
            if text is not None:
                where = f"{path.relative_to(ROOT.parent)}:{node.lineno}"  # type: ignore[attr-defined]
                yield where, text, in_cli or id(node) in raised


def _documents() -> Iterator[tuple[str, str, bool]]:
    project = ROOT.parent
    for path in sorted([project / "README.md", *project.glob("docs/*.md"), *project.glob("examples/**/*.md")]):
        for number, line in enumerate(path.read_text("utf-8").splitlines(), 1):
            yield f"{path.relative_to(project)}:{number}", line, False


def test_every_command_and_option_a_text_names_exists() -> None:
    commands = _commands()
    every_option = set().union(*map(_options, commands.values()))
    wrong = []
    for where, text, ours in [*_texts(), *_documents()]:
        for mention in _MENTION.finditer(text):
            words = mention.group(1).split()
            path: tuple[str, ...] = ()
            for word in words:
                if (*path, word) in commands:
                    path = (*path, word)
                elif not word.startswith("-"):
                    break
            if not path:
                continue  # prose ("memsync reads…"), not a command line
            unknown = [w for w in words if w.startswith("-") and w not in _options(commands[path])]
            if unknown:
                wrong.append(f"{where}: {mention.group(0)!r}: {' '.join(path)} has no {', '.join(unknown)}")
        for flag in _FLAG.findall(text) if ours else ():
            if flag not in every_option:
                wrong.append(f"{where}: {flag} is no option of any command")
    assert wrong == []
