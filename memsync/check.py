"""``validate`` (spec conformance of a field folder) and ``verify`` (integrity).

validate: errors are what breaks the spec or memsync's promises (subdirectory,
non-UTF-8 page, unsafe name, symlink); warnings are what the spec recommends
against or what other tools may stumble on (pages over 8192 bytes, frontmatter
memsync's YAML reader refuses, missing frontmatter keys, two pages with one
``uuid``, no ``index.md``). A page whose frontmatter does not read is still a
page: memsync carries it byte for byte and merges it by lines, and a sync that
carries one prints the same warning (``frontmatter_warning``).

verify: a field folder or an archive matches its own ``SHA256SUMS`` exactly,
and optionally a pinned hash.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import frontmatter
from .archive import open_archive
from .errors import InputError, IntegrityError
from .field import content_names, hash_file
from .manifest import Manifest
from .names import INDEX_PAGE, MANIFEST_NAME, PAGE_SIZE_LIMIT, Role, is_page, name_problem, role_of
from .pin import Pin


@dataclass(frozen=True)
class Finding:
    level: str  # "error" | "warning"
    file: str
    message: str

    def to_json(self) -> dict[str, str]:
        return {"level": self.level, "file": self.file, "message": self.message}

    def __str__(self) -> str:
        return f"{self.level}: {self.file}: {self.message}"


def validate(root: Path) -> list[Finding]:
    if not root.is_dir():
        raise InputError(f"{root}: not a field folder")
    findings: list[Finding] = []
    pages = 0
    uuids: dict[str, str] = {}
    for entry in sorted(os.scandir(root), key=lambda e: e.name):
        name = entry.name
        shown = name.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
        mode = entry.stat(follow_symlinks=False).st_mode
        if role_of(name) is Role.HIDDEN:
            continue
        if stat.S_ISDIR(mode):
            findings.append(Finding("error", shown, "subdirectory: a field must be flat"))
            continue
        if stat.S_ISLNK(mode) or not stat.S_ISREG(mode):
            findings.append(Finding("error", shown, "not a regular file (symlink or special file)"))
            continue
        if role_of(name) is not Role.CONTENT:
            continue
        problem = name_problem(name)
        if problem:
            findings.append(Finding("error", shown, problem.split(": ", 1)[-1]))
            continue
        if is_page(name):
            pages += 1
            findings.extend(_check_page(root / name, name, uuids))
    if pages == 0:
        findings.append(Finding("error", ".", "no pages (*.md): a field holds at least one"))
    elif not (root / INDEX_PAGE).is_file():
        findings.append(Finding("warning", INDEX_PAGE, "missing: HTTP clients cannot list the field without it"))
    return findings


def _check_page(path: Path, name: str, uuids: dict[str, str]) -> list[Finding]:
    """A page's findings; ``uuids`` (uuid → the first page that has it) finds
    two pages claiming one identity."""
    data = path.read_bytes()
    out = []
    if len(data) > PAGE_SIZE_LIMIT:
        out.append(Finding("warning", name, f"{len(data)} bytes: pages should stay under {PAGE_SIZE_LIMIT}"))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        return [*out, Finding("error", name, f"not UTF-8 (byte {exc.start})")]
    try:
        meta = frontmatter.parse(text)
    except InputError as exc:
        return [*out, _unreadable(name, exc)]
    uid = meta.get("uuid")
    if uid not in (None, ""):
        first = uuids.setdefault(str(uid), name)
        if first != name:
            out.append(Finding("warning", name, f"uuid {uid} is also {first}'s: two pages claim one identity"))
    if name != INDEX_PAGE:
        missing = [k for k in frontmatter.RECOMMENDED_KEYS if k not in meta]
        if missing:
            out.append(Finding("warning", name, "frontmatter lacks " + ", ".join(missing)))
    return out


def _unreadable(name: str, exc: InputError) -> Finding:
    return Finding("warning", name, f"{exc} (carried as it is, merged by lines)")


def frontmatter_warning(name: str, data: bytes) -> Finding | None:
    """validate's warning for a UTF-8 page whose frontmatter does not read, or None."""
    try:
        frontmatter.check(data.decode("utf-8"))
    except UnicodeDecodeError:
        return None
    except InputError as exc:
        return _unreadable(name, exc)
    return None


@dataclass(frozen=True)
class Verified:
    kind: str  # "field" | "archive"
    digest: str
    files: int
    archive_sha256: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "ok": True,
            "kind": self.kind,
            "digest": self.digest,
            "files": self.files,
            "archive_sha256": self.archive_sha256,
        }


def verify(target: Path, expect: str | None = None) -> Verified:
    if target.is_dir():
        result = _verify_field(target)
    elif target.is_file():
        result = _verify_archive(target)
    else:
        raise InputError(f"{target}: no such field folder or archive")
    if not result.files:
        # As `sha256sum -c` refuses an empty list: it checked nothing, and a field holds a page.
        raise IntegrityError(f"{target}: {MANIFEST_NAME} lists no files, so nothing was checked")
    if expect is not None:
        Pin.parse(expect).check(str(target), result.digest, result.archive_sha256)
    return result


def _verify_field(root: Path) -> Verified:
    try:
        listed = Manifest.parse((root / MANIFEST_NAME).read_bytes(), where=f"{root}/{MANIFEST_NAME}")
    except FileNotFoundError:
        raise InputError(f"{root}: has no {MANIFEST_NAME} (write one with 'memsync manifest')") from None
    present = {name for name, _ in content_names(root)}
    for name in listed:
        if name not in present:
            raise IntegrityError(f"{root}: {name!r} is listed in {MANIFEST_NAME} but missing")
        if hash_file(root / name) != listed[name]:
            raise IntegrityError(f"{root}: {name!r} does not match its {MANIFEST_NAME} hash")
    extra = sorted(present - set(listed))
    if extra:
        raise IntegrityError(f"{root}: {extra[0]!r} is not listed in {MANIFEST_NAME}")
    return Verified("field", listed.digest, len(listed))


def _verify_archive(path: Path) -> Verified:
    with open_archive(path) as archive:
        archive.verify()
        return Verified("archive", archive.digest, len(archive.manifest), hash_file(path))
