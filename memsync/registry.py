"""Find the backend for a remote URL through the ``memsync.backends`` entry points.

The entry-point name is the URL scheme (``file``, later ``s3``, ``git+https``…);
a bare path means ``file``. URLs ending in ``.memoryfield.zip`` name a solid
archive and go to the ``archive`` backend whatever carries the bytes.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from importlib.metadata import entry_points

from memsync.backends.base import Backend

from .archive import ARCHIVE_SUFFIX
from .errors import RemoteError

GROUP = "memsync.backends"
_SCHEME = re.compile(r"([a-z][a-z0-9+.-]*)://", re.IGNORECASE)


def scheme_of(url: str) -> str:
    match = _SCHEME.match(url)
    return match.group(1).lower() if match else "file"


def is_archive_url(url: str) -> bool:
    return url.rstrip("/").endswith(ARCHIVE_SUFFIX)


def open_backend(url: str, options: Mapping[str, str] | None = None) -> Backend:
    kind = "archive" if is_archive_url(url) else scheme_of(url)
    found = entry_points(group=GROUP, name=kind)
    if not found:
        known = ", ".join(sorted(ep.name for ep in entry_points(group=GROUP)))
        raise RemoteError(f"{url}: no backend for {kind!r} remotes (installed: {known})")
    backend_class = next(iter(found)).load()
    return backend_class(url, options)
