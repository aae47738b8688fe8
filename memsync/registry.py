"""Find the remote for a URL through the ``memsync.backends`` entry points.

The entry-point name is the URL scheme (``file``, ``s3``, ``git+https``…); a
bare path means ``file``. An entry point names either a thin ``Store``, which
the field protocol (``memsync.protocol``) drives, or a ``Remote`` that speaks
the field protocol itself (git). URLs ending in ``.memoryfield.zip`` name one
archive object in the store of the folder that holds it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from importlib.metadata import entry_points

from .archive import ARCHIVE_SUFFIX
from .archive_remote import ArchiveRemote
from .backends.base import Store
from .errors import WorkspaceError
from .protocol import FieldRemote
from .remote import Remote

GROUP = "memsync.backends"
_SCHEME = re.compile(r"([a-z][a-z0-9+.-]*)://", re.IGNORECASE)


def scheme_of(url: str) -> str:
    match = _SCHEME.match(url)
    return match.group(1).lower() if match else "file"


def is_archive_url(url: str) -> bool:
    return url.rstrip("/").endswith(ARCHIVE_SUFFIX)


def backend_class(url: str) -> type[Store] | type[Remote]:
    """The class that serves ``url``; a one-line error for a scheme nothing serves."""
    kind = scheme_of(url)
    found = entry_points(group=GROUP, name=kind)
    if not found:
        known = ", ".join(sorted(ep.name for ep in entry_points(group=GROUP)))
        raise WorkspaceError(f"{url}: no backend for {kind!r} URLs (installed: {known})")
    loaded: type[Store] | type[Remote] = next(iter(found)).load()
    return loaded


def open_remote(url: str, options: Mapping[str, str] | None = None) -> Remote:
    cls = backend_class(url)
    if is_archive_url(url):
        if not issubclass(cls, Store):
            raise WorkspaceError(f"{url}: archives cannot be kept on {scheme_of(url)!r} remotes")
        folder, _, name = url.rstrip("/").rpartition("/")
        return ArchiveRemote(cls(folder or ".", options), name)
    if issubclass(cls, Store):
        return FieldRemote(cls(url, options))
    return cls(url, options)
