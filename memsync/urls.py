"""Remote URLs as people paste them, read in one place, the way git, rclone and aws read them.

- ``SCHEME://…`` is a URL; its scheme picks the remote (``memsync.registry``).
- ``USER@HOST:PATH`` (and ``HOST.DOMAIN:PATH``), git's scp-like syntax, is a git
  repository over SSH, exactly as ``git clone`` reads it; a field inside it follows
  the repository's ``.git`` (``git@github.com:acme/mem.git@main/notes``) or ``//``.
- Anything else is a local folder, made absolute when it is saved, except a string
  that reads as a misspelt URL (``s3:/bucket``, ``s3:bucket``, ``https//host/x``):
  that is refused with the spelling memsync would accept, and a folder of such a
  name is written ``./s3:bucket`` or as an absolute path.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from urllib.parse import unquote, urlsplit

from .errors import InputError, WorkspaceError

_SCHEME = re.compile(r"([a-z][a-z0-9+.-]*)://", re.IGNORECASE)
# git's rule (connect.c, url_is_local_not_ssh): a colon before any slash makes a host.
# One plain word before the colon is far likelier a misspelt scheme (s3:bucket) than a
# host, so the host needs a user or a dot, as every hosted git service's address has.
# The user runs to the last "@" before the colon (git's own reading of a@b@host:repo), and
# the path is the rest of the line, spaces and all.
_SCP = re.compile(
    r"(?P<host>[^/:]+@[^@/:\s]+|[^@/:\s]+\.[^@/:\s]+|(?:[^/:]+@)?\[[0-9a-f:.]+\]):(?P<path>(?!//)[^\n]*)\Z", re.I
)
_MISSPELT = re.compile(r"(?P<scheme>[a-z][a-z0-9+.-]*)(?::/{0,1}(?!/)|//)(?P<rest>.*)\Z", re.IGNORECASE | re.DOTALL)
_WITH_DOT_GIT = re.compile(r"(?P<repo>.+?\.git)(?:@(?P<ref>[^/]+))?(?:/(?P<path>.*))?\Z")
_WITH_SLASHES = re.compile(r"(?P<repo>(?:[a-z][a-z0-9+.-]*://)?.+?)(?:@(?P<ref>[^/@]+))?//(?P<path>.*)\Z", re.I)
_GITHUB = re.compile(r"github://(?P<owner>[^/@]+)/(?P<repo>[^/@]+?)(?:@(?P<ref>[^/]+))?(?:/(?P<path>.*))?\Z")
GIT_SCHEMES = frozenset(("git", "git+file", "git+https", "git+http", "git+ssh", "git+git", "github"))


def is_scp(url: str) -> bool:
    """``git@github.com:acme/mem.git``: git's scp-like SSH address."""
    return "://" not in url and _SCP.match(url) is not None


def scheme_of(url: str) -> str:
    """The scheme that picks the remote: ``file`` for a folder, ``git+ssh`` for an scp-like address."""
    match = _SCHEME.match(url)
    if match:
        return match.group(1).lower()
    return "git+ssh" if is_scp(url) else "file"


def canonical(url: str) -> str:
    """The URL as it is kept: a folder absolute, an scp-like address as git reads it, a
    misspelt URL refused in one line with the spelling to use."""
    if not url.strip():
        raise InputError("an empty URL names no remote (a folder is '.' or a path)")
    if "://" in url or is_scp(url):
        return url
    if not url.startswith(("/", "./", "../", "~")):
        misspelt = _MISSPELT.match(url)
        if misspelt and ("/" in misspelt["rest"] or ":" in url.split("/", 1)[0]):
            raise InputError(f"{url}: not a URL memsync reads; {_spelling(misspelt['scheme'], misspelt['rest'], url)}")
    try:
        return str(Path(url).expanduser().absolute())
    except RuntimeError:  # ~user of no such user
        raise InputError(f"{url}: no such home folder") from None


def _spelling(scheme: str, rest: str, typed: str) -> str:
    """What to write instead of a misspelt URL: ``file:`` wants a path, one letter is a drive."""
    scheme, path = scheme.lower(), rest.lstrip("/")
    if len(scheme) == 1:
        return f"a folder is written ./{typed}"
    if scheme == "file":
        absolute = typed.partition(":")[2].startswith("/")
        return f"write file:///{path} (or the path itself)" if absolute else f"write ./{path}"
    return f"write {scheme}://{path} (a folder: ./{typed})"


def local_path(url: str) -> Path | None:
    """The folder a ``file://`` URL or a path names; None for any other URL."""
    if url.startswith("file://"):
        parsed = urlsplit(url)
        if parsed.netloc not in ("", "localhost"):
            raise WorkspaceError(f"{url}: file URLs must name a local path")
        return Path(unquote(parsed.path))
    if "://" in url or is_scp(url):
        return None
    return Path(url).expanduser()


def git_parts(url: str, options: Mapping[str, str]) -> tuple[str, str | None, str]:
    """(repository as git reads it, ref or None for the default branch, path of the field in it)."""
    github = _GITHUB.match(url)
    if github:
        base = options.get("github_base", "https://github.com").rstrip("/")
        repo = f"{base}/{github['owner']}/{github['repo'].removesuffix('.git')}.git"
        return repo, github["ref"], (github["path"] or "").strip("/")
    scp = _SCP.match(url) if "://" not in url else None
    if scp:
        host, rest = scp["host"] + ":", scp["path"]
    elif url.startswith("git://"):
        host, rest = "", url  # git's own protocol (git daemon): the URL is already git's
    elif url.startswith("git+"):
        host, rest = "", url[len("git+") :]
    else:
        raise WorkspaceError(f"{url}: git remotes start with git+, git:// or github://, or are USER@HOST:PATH")
    match = _WITH_DOT_GIT.match(rest) or (_WITH_SLASHES.match(rest) if scp or "://" in rest else None)
    if not match:
        raise WorkspaceError(f"{url}: expected git+SCHEME://HOST/REPO.git[@REF]/PATH (or REPO//PATH)")
    path = (match["path"] or "").strip("/")
    if any(part in ("", ".", "..") for part in path.split("/")) and path:
        raise WorkspaceError(f"{url}: the path inside the repository must be plain folder names")
    return host + match["repo"], match["ref"] or options.get("ref"), path


def suggested_name(url: str, archive_suffix: str) -> str:
    """The field name a URL suggests, as ``git clone`` guesses its folder: the last path
    component without trailing slashes, a final ``/.git`` or a ``.git`` suffix (nor the
    archive suffix), else the host without port or user; a git remote is named after the
    path of the field inside its repository, else after the repository. Unlike git, a
    query or fragment is no part of the name. "" when nothing will do."""
    if scheme_of(url) in GIT_SCHEMES:
        repo, _ref, path = git_parts(url, {})
        if path:
            return path.rsplit("/", 1)[-1]
        url = repo.split(":", 1)[1] if is_scp(repo) else repo
    parsed = urlsplit(url) if "://" in url else None
    path = (parsed.path if parsed else url).rstrip("/")
    if path.endswith("/.git") or path == ".git":
        path = path.removesuffix(".git").rstrip("/")
    name = path.rsplit("/", 1)[-1].removesuffix(archive_suffix).removesuffix(".git")
    if not name and parsed is not None and parsed.hostname:
        name = parsed.hostname
    return name
