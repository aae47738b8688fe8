"""Which file names a memoryfield may hold, and what role each name plays.

A field is flat, so every rule here is about one path component. The roles
follow the brief's table: *content* files travel and are hashed; *derived*
files (vector indexes) are a local cache; memsync's *own* files are the
manifest and its signature; *hidden* files are litter and never travel.
"""

from __future__ import annotations

import re
from enum import Enum

from .errors import WorkspaceError

MANIFEST_NAME = "SHA256SUMS"
SIGNATURE_NAME = "SHA256SUMS.sig"
RELEASE_NAME = "memsync-release.json"
RELEASE_SIGNATURE_NAME = "memsync-release.json.sig"
#: The publisher's signing-key rotations and revocations (rotation.py): each statement in it is signed.
KEYS_NAME = "memsync-keys.json"
#: memsync's own files beside the manifest, written before it at a commit and
#: read after it: exactly these names, so ``SHA256SUMS.md`` is a page like any other.
SIDECAR_NAMES = (SIGNATURE_NAME, RELEASE_NAME, RELEASE_SIGNATURE_NAME, KEYS_NAME)
OWN_NAMES = frozenset({MANIFEST_NAME, *SIDECAR_NAMES})
#: The field's ignore rules (memsync.ignore): a dot file that travels, as .gitignore does.
IGNORE_NAME = ".memsyncignore"
#: The spec's whole-field archive beside a field's pages (``GET /memoryfield.zip``).
FIELD_ARCHIVE_NAME = "memoryfield.zip"
PAGE_SUFFIX = ".md"
INDEX_PAGE = "index.md"
MAX_NAME_BYTES = 200
PAGE_SIZE_LIMIT = 8192  # the spec's "should stay under"; a warning, not an error

# URL-safe without escaping: what a spec HTTP server can serve as /{name}.
_PAGE_STEM = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*\Z")
_OTHER_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*\Z")
# Nearly every name in a field: a page with a plain slug, short enough; one match says it is fine.
PLAIN_PAGE_PATTERN = rf"[A-Za-z0-9][A-Za-z0-9_-]{{0,{MAX_NAME_BYTES - 4}}}\.md"
_PLAIN_PAGE = re.compile(PLAIN_PAGE_PATTERN + r"\Z")
_DERIVED_SUFFIXES = (".sqlite3", ".sqlite3-wal", ".sqlite3-shm", ".sqlite3-journal")


class Role(Enum):
    CONTENT = "content"
    DERIVED = "derived"
    OWN = "own"
    HIDDEN = "hidden"


def role_of(name: str) -> Role:
    # Editors leave backups (``page.md~``) and auto-saves (``#page.md#``) beside the
    # page being edited: litter like dot files, which must not stop a sync.
    if name == IGNORE_NAME:
        return Role.CONTENT
    if name.startswith(".") or name.endswith("~") or (len(name) > 1 and name[0] == name[-1] == "#"):
        return Role.HIDDEN
    if name in OWN_NAMES:
        return Role.OWN
    if name.endswith(_DERIVED_SUFFIXES):
        return Role.DERIVED
    return Role.CONTENT


def is_page(name: str) -> bool:
    return name.endswith(PAGE_SUFFIX)


def is_plain_page(name: str) -> bool:
    """A page with a plain slug name, short enough: a content file with no name problem."""
    return _PLAIN_PAGE.match(name) is not None


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a content file of a field, or None if it can."""
    if _PLAIN_PAGE.match(name) or name == IGNORE_NAME:
        return None
    if not name:
        return "empty file name"
    if "\x00" in name or "/" in name or "\\" in name:
        return f"{name!r}: file names in a field cannot contain path separators"
    if name in (".", ".."):
        return f"{name!r}: not a file name"
    try:
        encoded = name.encode("utf-8")
    except UnicodeEncodeError:
        return f"{name.encode('utf-8', 'surrogateescape')!r}: file name is not UTF-8"
    if len(encoded) > MAX_NAME_BYTES:
        return f"{name[:40]}…: file name longer than {MAX_NAME_BYTES} bytes"
    if is_page(name):
        if not _PAGE_STEM.match(name[: -len(PAGE_SUFFIX)]):
            return f"{name!r}: page names must be URL-safe slugs (letters, digits, '-', '_')"
    elif not _OTHER_NAME.match(name) or ".." in name:
        return f"{name!r}: file names must be URL-safe (letters, digits, '.', '-', '_')"
    return None


def slugify(text: str) -> str:
    """A slug-safe rendering of free text (remote names in conflict copies)."""
    slug = re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-").lower()
    return slug or "remote"


def conflict_name(name: str, side: str, sha256_hex: str) -> str:
    """Name of the conflict copy of ``name`` holding ``side``'s version.

    Deterministic in the content, so two replicas that meet the same conflict
    produce the same copy instead of two.
    """
    stem, dot, ext = name.rpartition(".")
    if not dot:
        stem, ext = name, ""
    tag = f"--conflict-{slugify(side)[:40]}-{sha256_hex[:8]}"
    suffix = f"{tag}.{ext}" if ext else tag
    # Names here are ASCII (name_problem allows no other), so chars are bytes.
    return stem[: max(1, MAX_NAME_BYTES - len(suffix))] + suffix


_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}\Z")


def check_name(kind: str, name: str) -> str:
    if not _NAME.match(name) or ".." in name:
        raise WorkspaceError(f"{name!r}: {kind} names are letters, digits, '.', '-', '_' (max 64)")
    return name


def check_field_name(name: str) -> str:
    """A field name: one name, or PARENT/SUB for a member of a tree."""
    for part in name.split("/"):
        check_name("field", part)
    return name
