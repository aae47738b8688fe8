"""The ``memsync`` command line: parse, call the library, print.

Every command takes ``--json`` (one JSON object on stdout); commands that
change something take ``--dry-run``. Errors are one line on stderr and a
non-zero exit: 1 error, 2 usage, 3 conflicts kept as copies, 4 pull first,
5 held in quarantine.
"""

from __future__ import annotations

from .app import main

__all__ = ["main"]
