"""Errors a user can act on. Each carries one line of text and an exit code.

``boundary`` is memsync's one error boundary: every call of ``memsync.api``
runs inside it, so only these errors leave the library (``translate`` says
which one a foreign exception stands for). The CLI prints ``memsync: <message>``
for them and exits with ``code``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from urllib.parse import unquote

#: A URL's scheme and its userinfo (``user:password@``, or a lone ``token@``), up to
#: the authority's last ``@`` as URL parsers take it: a password may hold one.
_USERINFO = re.compile(r"\b([a-z][a-z0-9+.-]*)://([^/?#\s]*)@", re.IGNORECASE)
#: Schemes whose lone userinfo names something (a login: ``git@github.com``; an
#: Azure container: ``abfs://CONTAINER@ACCOUNT…``), never a secret.
_NAMING_SCHEMES = frozenset({"ssh", "sftp", "git+ssh", "abfs", "abfss", "az"})
#: A URL, as far as text quoting one can tell.
_URL = re.compile(r"\b[a-z][a-z0-9+.-]*://[^\s'\"<>`]+", re.IGNORECASE)
#: One ``name=value`` of a URL's query or fragment; trailing punctuation is the
#: sentence's, not the value's.
_PARAM = re.compile(r"([?&#;])([^=&#;?]+)=([^&#;]*?)([.,:)\]}]*)(?=[&#;]|$)")
#: Names of query parameters whose value is a credential: signed URLs (Azure SAS
#: ``sig``; S3 ``X-Amz-Signature``, ``X-Amz-Credential``, ``X-Amz-Security-Token``,
#: ``AWSAccessKeyId``/``Signature``; GCS ``X-Goog-…``), tokens, keys, passwords, OAuth codes.
_SECRET_PARAM = re.compile(r"sig|code|pwd|pass|auth|.*(token|secret|passw|signature|credential|key).*", re.IGNORECASE)


def redact(text: str) -> str:
    """``text`` with the credentials of every URL in it hidden, as pip and git do
    in what they print: ``https://user:****@host/``, and ``https://****@host/``
    for a lone userinfo (a token: ``https://TOKEN@github.com/``); the values of
    secret query parameters too (``?sv=2024-05-04&sig=****``), so the URL stays
    recognisable. Redacting twice changes nothing."""

    def hide_userinfo(match: re.Match[str]) -> str:
        scheme, userinfo = match.group(1), match.group(2)
        user, colon, _ = userinfo.partition(":")
        if colon:
            return f"{scheme}://{user}:****@"
        return match.group(0) if scheme.lower() in _NAMING_SCHEMES else f"{scheme}://****@"

    def hide_param(match: re.Match[str]) -> str:
        sep, name, value, tail = match.groups()
        if value and _SECRET_PARAM.fullmatch(unquote(name).strip()):
            value = "****"
        return f"{sep}{name}={value}{tail}"

    def hide_query(match: re.Match[str]) -> str:
        url = match.group(0)
        start = min((i for i in (url.find("?"), url.find("#")) if i >= 0), default=len(url))
        return url[:start] + _PARAM.sub(hide_param, url[start:])

    return _URL.sub(hide_query, _USERINFO.sub(hide_userinfo, text))


def one_line(text: str) -> str:
    """``text`` as the one line a terminal or a log is given: credentials hidden
    (``redact``), line breaks and tabs as spaces, and every other character that
    is not printable (escape sequences, bells, C1 controls, bidi overrides) as
    ``?``, as git shows a server's words: errors quote servers (S3's messages,
    git's ``remote error:``), which must not steer the terminal nor forge lines."""
    return "".join(c if c.isprintable() else " " if c in "\t\n\r\v\f" else "?" for c in redact(text))


class MemsyncError(Exception):
    code = 1

    def __init__(self, message: str) -> None:
        # Messages name remotes by URL and quote servers: see one_line.
        message = one_line(message)
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


class HttpError(MemsyncError):
    """A request to ``memsync serve`` that is refused: an HTTP status, a message (the
    JSON ``{"error": ...}`` answer, kept as it is) and headers to send with it."""

    def __init__(self, status: int, message: str, headers: Iterable[tuple[str, str]] = ()) -> None:
        Exception.__init__(self, message)
        self.message = message
        self.status = status
        self.headers = list(headers)


class InternalError(MemsyncError):
    """A bug in memsync: still one line, with the original exception as its cause."""


#: The libraries memsync's stores are written over (and those they are written over):
#: an exception of theirs that a store did not translate is still the remote's failure
#: (a refused connection, a server's odd answer), not a bug in memsync.
STORE_LIBRARIES = frozenset(
    {
        "botocore",
        "urllib3",
        "requests",
        "fsspec",
        "adlfs",
        "azure",
        "gcsfs",
        "google",
        "sshfs",
        "asyncssh",
        "webdav4",
        "httpx",
        "httpcore",
        "aiohttp",
    }
)


@contextmanager
def boundary() -> Iterator[None]:
    """The library's error boundary: only memsync's own errors leave it, each with
    the foreign exception it stands for as its ``__cause__`` (:func:`translate`).
    KeyboardInterrupt and SystemExit pass through unchanged."""
    try:
        yield
    except MemsyncError:
        raise
    except (KeyboardInterrupt, SystemExit, GeneratorExit):
        raise
    except Exception as exc:
        raise translate(exc) from exc


def translate(exc: Exception) -> MemsyncError:
    """The memsync error a foreign exception stands for: an ``OSError`` names its
    file, a store library's exception is a :class:`RemoteError`, anything else is
    an :class:`InternalError` (a bug)."""
    if isinstance(exc, MemsyncError):
        return exc
    if isinstance(exc, OSError):
        where = f"{exc.filename}: " if exc.filename else ""
        return MemsyncError(f"{where}{exc.strerror or exc}")
    if type(exc).__module__.partition(".")[0] in STORE_LIBRARIES:
        return RemoteError(f"{type(exc).__name__}: {exc}")
    return InternalError(f"internal error: {type(exc).__name__}: {exc}")
