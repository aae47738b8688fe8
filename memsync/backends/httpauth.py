"""The HTTP Basic credentials of HTTP and WebDAV remotes, and the origin they are
bound to: the URL's ``user:password@``, else the remote's options,
``MEMSYNC_HTTP_USER``/``MEMSYNC_HTTP_PASSWORD``, else netrc (``$NETRC`` or
``~/.netrc``), sent in UTF-8.

No HTTP client here: HTTP remotes send them with requests (``http.py``), WebDAV
remotes with httpx (``webdav_http.py``), and neither loads the other's client.
"""

from __future__ import annotations

import netrc
import os
from urllib.parse import unquote, urlsplit


def origin(url: str) -> tuple[str, str, int | None]:
    parts = urlsplit(url)
    port = parts.port or {"http": 80, "https": 443}.get(parts.scheme)
    return parts.scheme, (parts.hostname or "").lower(), port


def credentials(url: str, given: tuple[str, str] | None = None) -> tuple[str, str] | None:
    """The HTTP Basic credentials for ``url``: its own ``user:password@``, else
    ``given`` (a remote's options), the environment's or netrc's, in that order."""
    parts = urlsplit(url)
    # The URL's own first, as curl and git take them; its bytes as they are (%E4 stays 0xE4).
    named = unquote(parts.username, errors="surrogateescape") if parts.username is not None else None
    secret = unquote(parts.password, errors="surrogateescape") if parts.password is not None else None
    if not named and not secret:
        # An empty userinfo (``http://@host/``, ``http://:@host/``) names no one: as curl
        # takes it, the URL carries no credentials (and no empty user is asked a password for).
        named = secret = None
    if named is not None and secret is not None:
        return named, secret
    stored = given if given is not None and named in (None, given[0]) else _stored_credentials(url, named)
    if named is None:
        return stored
    # A user alone: the password kept for that user, as git's credential helpers give it.
    return named, stored[1] if stored is not None else ""


def as_utf8(pair: tuple[str, str]) -> tuple[bytes, bytes]:
    """Credentials as HTTP Basic sends them: UTF-8 (RFC 7617; memsync serve asks so),
    where libraries would send a str as Latin-1; a URL's undecodable bytes as they were."""
    user, password = (part.encode("utf-8", "surrogateescape") for part in pair)
    return user, password


def _stored_credentials(url: str, user: str | None) -> tuple[str, str] | None:
    """The environment's credentials, else netrc's for the URL's host (of ``user`` only, when given)."""
    env_user, password = os.environ.get("MEMSYNC_HTTP_USER"), os.environ.get("MEMSYNC_HTTP_PASSWORD")
    if env_user and password is not None and user in (None, env_user):
        return env_user, password
    path = os.environ.get("NETRC") or os.path.expanduser("~/.netrc")
    try:
        entry = netrc.netrc(path).authenticators(urlsplit(url).hostname or "")
    except (FileNotFoundError, netrc.NetrcParseError, OSError):
        return None
    if entry is None:
        return None
    login, _, secret = entry
    return (login, secret or "") if user in (None, login) else None
