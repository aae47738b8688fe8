"""Find the remote for a URL: memsync's own schemes (``BUILTIN``), then the
``memsync.backends`` entry points, which other packages use to add schemes.

The key is the URL scheme (``file``, ``s3``, ``git+https``…) as
``memsync.urls`` reads it: a bare path means ``file``, git's ``USER@HOST:PATH``
``git+ssh``. Each names either a thin ``Store``, which the field protocol
(``memsync.protocol``) drives, or a ``Remote`` that speaks the field protocol
itself (git). A scheme neither claims but fsspec knows (``ftp``, ``hdfs``…)
is served by the generic fsspec store. URLs ending
in ``.memoryfield.zip`` name one archive object in the store of the folder
that holds it.

Each backend declares the options it takes (``OPTIONS``: name → meaning,
and whether the value is a secret); ``check`` refuses an unknown scheme or
key in one line, without connecting anywhere, so a typo is caught when the
remote is added rather than ignored at the next sync.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping, MutableMapping
from typing import Any

from .archive import ARCHIVE_SUFFIX
from .archive_remote import ArchiveRemote
from .backends.base import COMMON_OPTIONS, Option, Store
from .errors import WorkspaceError
from .protocol import FieldRemote
from .remote import Remote
from .urls import GIT_SCHEMES, scheme_of

GROUP = "memsync.backends"
_GIT = "memsync.git_remote:GitRemote"
_FSSPEC = "memsync.backends.fsspec_store"
# Looked up before the entry points: importlib.metadata's scan of every installed
# package costs more than the rest of a small push, for schemes memsync itself serves.
BUILTIN: Mapping[str, str] = {
    "file": "memsync.backends.local:LocalStore",
    "s3": "memsync.backends.s3:S3Store",
    **dict.fromkeys(GIT_SCHEMES, _GIT),
    "http": "memsync.backends.http:HttpStore",
    "https": "memsync.backends.http:HttpStore",
    **dict.fromkeys(("az", "abfs", "abfss"), "memsync.backends.fsspec_azure:AzureStore"),
    "gs": f"{_FSSPEC}:GcsStore",
    "gcs": f"{_FSSPEC}:GcsStore",
    "sftp": f"{_FSSPEC}:SftpStore",
    **dict.fromkeys(("webdav", "webdav+http", "webdav+https"), f"{_FSSPEC}:WebdavStore"),
    "memory": f"{_FSSPEC}:FsspecStore",
}


def is_archive_url(url: str) -> bool:
    return url.rstrip("/").endswith(ARCHIVE_SUFFIX)


def backend_class(url: str) -> type[Store] | type[Remote]:
    """The class that serves ``url``; a one-line error for a scheme nothing serves."""
    kind = scheme_of(url)
    if kind in BUILTIN:
        module, _, name = BUILTIN[kind].partition(":")
        builtin: type[Store] | type[Remote] = getattr(importlib.import_module(module), name)
        return builtin
    from importlib.metadata import entry_points

    found = entry_points(group=GROUP, name=kind)
    if found:
        loaded: type[Store] | type[Remote] = next(iter(found)).load()
        return loaded
    if _fsspec_knows(kind):
        from .backends.fsspec_store import FsspecStore

        return FsspecStore
    known = ", ".join(sorted({*BUILTIN, *(ep.name for ep in entry_points(group=GROUP))}))
    raise WorkspaceError(f"{url}: no backend for {kind!r} URLs (known: {known}, and fsspec's protocols)")


def _fsspec_knows(scheme: str) -> bool:
    try:
        from fsspec.registry import known_implementations, registry
    except ImportError:
        return False
    return scheme in known_implementations or scheme in registry


def options_of(url: str) -> Mapping[str, Option]:
    """Every option a remote at ``url`` accepts, with its meaning."""
    cls = backend_class(url)
    declared: Mapping[str, Option] = getattr(cls, "OPTIONS", {})
    return {**COMMON_OPTIONS, **declared}


def parse_options(items: Iterable[str]) -> dict[str, str]:
    """``KEY=VALUE`` arguments (``-o``) as a mapping; a malformed one is one line."""
    parsed = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise WorkspaceError(f"-o {item!r}: expected KEY=VALUE")
        parsed[key] = value
    return parsed


def check(url: str, options: Mapping[str, str]) -> None:
    """Refuse an unknown scheme, an unknown option, a missing extra or a
    malformed URL now, in one line; connects to nothing."""
    valid = options_of(url)
    unknown = sorted(set(options) - set(valid))
    if unknown:
        raise WorkspaceError(f"{url}: unknown option {unknown[0]!r} (valid here: {', '.join(sorted(valid))})")
    open_remote(url, options).close()


def shown_options(url: str, options: Mapping[str, str]) -> dict[str, str]:
    """A remote's options for display: secret values are never shown."""
    try:
        valid = options_of(url)
    except WorkspaceError:
        valid = {}
    hidden = {k for k, option in valid.items() if option.secret}
    # An option no backend declares could be anything: hide it too.
    return {k: "<secret>" if k in hidden or k not in valid else v for k, v in sorted(options.items())}


def open_remote(
    url: str, options: Mapping[str, str] | None = None, memo: MutableMapping[str, Any] | None = None
) -> Remote:
    """The remote at ``url``; ``memo`` is what earlier runs learnt about it (the
    workspace keeps it per remote), updated in place."""
    cls = backend_class(url)
    if is_archive_url(url):
        if not issubclass(cls, Store):
            raise WorkspaceError(f"{url}: archives cannot be kept on {scheme_of(url)!r} remotes")
        folder, _, name = url.rstrip("/").rpartition("/")
        return ArchiveRemote(cls(folder or ".", options), name)
    if issubclass(cls, Store):
        return FieldRemote(cls(url, options), memo)
    # A remote class (git's) is built from its URL and options.
    made: Remote = cls(url, options)  # type: ignore[call-arg]
    return made
