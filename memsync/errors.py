"""Errors a user can act on. Each carries one line of text and an exit code.

The CLI prints ``memsync: <message>`` for these and exits with ``code``;
anything else reaching the CLI is a bug and is reported as one line too.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

#: A URL's scheme and its userinfo (``user:password@``, or a lone ``token@``).
_USERINFO = re.compile(r"\b([a-z][a-z0-9+.-]*)://([^/?#@\s]*)@", re.IGNORECASE)
#: Schemes whose lone userinfo names something (a login: ``git@github.com``; an
#: Azure container: ``abfs://CONTAINER@ACCOUNT…``), never a secret.
_NAMING_SCHEMES = frozenset({"ssh", "sftp", "git+ssh", "abfs", "abfss", "az"})


def redact(text: str) -> str:
    """``text`` with the credentials of every URL in it hidden, as pip and git do
    in what they print: ``https://user:****@host/``, and ``https://****@host/``
    for a lone userinfo (a token: ``https://TOKEN@github.com/``)."""

    def hide(match: re.Match[str]) -> str:
        scheme, userinfo = match.group(1), match.group(2)
        user, colon, _ = userinfo.partition(":")
        if colon:
            return f"{scheme}://{user}:****@"
        return match.group(0) if scheme.lower() in _NAMING_SCHEMES else f"{scheme}://****@"

    return _USERINFO.sub(hide, text)


class MemsyncError(Exception):
    code = 1

    def __init__(self, message: str) -> None:
        # Messages name remotes by URL: the credentials in one never reach a log.
        message = redact(message)
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class InputError(MemsyncError):
    """Malformed or hostile input: a field, page, manifest or archive we refuse."""


class IntegrityError(MemsyncError):
    """Bytes that do not match the hash they were promised under."""


class RemoteError(MemsyncError):
    """A remote that cannot be reached, read or written."""


class PullFirst(MemsyncError):
    """The remote moved past our sync base; pushing now would lose its update."""

    code = 4


class ConflictError(MemsyncError):
    """Both sides changed a page differently and it did not merge cleanly."""

    code = 3


class WorkspaceError(MemsyncError):
    """Missing or inconsistent workspace configuration."""


class WorkspaceBusy(WorkspaceError):
    """Another memsync run holds the workspace: the remedy is to wait, not to fix anything."""


class InternalError(MemsyncError):
    """A bug in memsync: still one line, with the original exception as its cause."""


@contextmanager
def boundary() -> Iterator[None]:
    """The library's error boundary: only memsync's own errors leave it, each with
    the foreign exception it stands for as its ``__cause__``."""
    try:
        yield
    except MemsyncError:
        raise
    except OSError as exc:
        where = f"{exc.filename}: " if exc.filename else ""
        raise MemsyncError(f"{where}{exc.strerror or exc}") from exc
    except (KeyboardInterrupt, SystemExit, GeneratorExit):
        raise
    except Exception as exc:
        raise InternalError(f"internal error: {type(exc).__name__}: {exc}") from exc
