"""The ``memsync`` command line: parse, call the library, print.

Every command takes ``--json`` (one JSON object on stdout); commands that
change something take ``--dry-run``. Errors are one line on stderr and a
non-zero exit: 1 error, 2 usage, 3 conflicts kept as copies, 4 pull first,
5 held in quarantine.
"""

from __future__ import annotations

from ..serve import serve
from . import files, history, remotes, sync, trust, vectors, watch, workspace
from .app import main

main.add_command(serve)

__all__ = ["files", "history", "main", "remotes", "sync", "trust", "vectors", "watch", "workspace"]
