"""Ignore rules: files a field's folder holds that are not part of the field.

``.memsyncignore`` in the field (gitignore syntax, read with ``pathspec``) travels
with the field like a page, so every replica ignores the same names; the
workspace's ``ignore`` setting adds patterns for this machine alone. An ignored
name never enters the field's manifest, an archive or a review, and a sync
neither sends it, nor writes, nor deletes it here (``memsync.engine``).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from pathlib import Path

from .errors import InputError
from .limits import MAX_IGNORE_BYTES
from .names import IGNORE_NAME, OWN_NAMES


class Ignore:
    """Whether a name of the field's folder is ignored (never the rules' own file, nor memsync's)."""

    def __init__(self, lines: Collection[str], where: str = "ignore rules") -> None:
        import pathspec  # only a field with rules pays for the library

        self.lines = list(lines)
        try:
            self.spec = pathspec.GitIgnoreSpec.from_lines(self.lines)
        except (ValueError, re.error) as exc:  # a pattern pathspec, or the regex it makes, refuses
            raise InputError(f"{where}: {exc}") from None

    def __call__(self, name: str, folder: bool = False) -> bool:
        if name == IGNORE_NAME or name in OWN_NAMES:
            return False
        return self.spec.match_file(name + "/" if folder else name)


def rules(root: Path, extra: str = "") -> Ignore | None:
    """The rules of the field at ``root`` (its ``.memsyncignore``) and ``extra`` patterns
    (the ``ignore`` setting: separated by spaces); None when there are none."""
    try:
        data = (root / IGNORE_NAME).read_bytes()
    except (FileNotFoundError, NotADirectoryError):
        data = b""
    if len(data) > MAX_IGNORE_BYTES:
        raise InputError(f"{root / IGNORE_NAME}: over {MAX_IGNORE_BYTES} bytes; ignore rules are a few lines")
    try:
        lines = data.decode("utf-8").splitlines()
    except UnicodeDecodeError:
        raise InputError(f"{root / IGNORE_NAME}: not UTF-8 text") from None
    return of_lines([*lines, *extra.split()], f"{root / IGNORE_NAME} (or memsync config ignore)")


def of_lines(lines: Collection[str], where: str = "ignore rules") -> Ignore | None:
    """Rules from their lines; None when no line is a pattern."""
    if not any(line.strip() and not line.lstrip().startswith("#") for line in lines):
        return None
    return Ignore(lines, where)


def unignored(manifest: Mapping[str, str], ignore: Ignore | None) -> dict[str, str]:
    """``manifest``'s entries but the ignored ones."""
    if ignore is None:
        return dict(manifest)
    return {name: sha for name, sha in manifest.items() if not ignore(name)}
