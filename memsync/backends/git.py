"""A field as a folder inside a git repository; a push is one commit.

URLs:
- ``git+file:///srv/repo.git[@REF]/path/to/field`` (also ``git+https://``,
  ``git+ssh://``): the repository URL runs up to ``.git``; without ``.git``,
  a ``//`` separates the repository from the path inside it;
- ``github://OWNER/REPO[@REF]/path``: the repository on GitHub, token from
  ``GITHUB_TOKEN`` (sent as an HTTP header through git's environment, never
  on a command line or in a config file) or git's credential helper.

Each remote has a cached repository under ``$MEMSYNC_CACHE_DIR`` (default
``$XDG_CACHE_HOME/memsync/git``), shared by the workspaces of one machine
under a file lock, and sparse-checked-out to the field's folder only. Reading
needs no checkout: the field's files are read from the fetched ref through
one ``git cat-file`` process and hashed, so a page someone committed by hand
without updating ``SHA256SUMS`` is seen for what it is (and unsigned). A
push checks out the remote head, applies the field's changes, commits only
the field's folder and pushes that commit; a rejected push is retried on the
new head when the other writer did not touch the field, and is "pull first"
when it did. Version token: the tree id of the field's folder at the ref.
"""

from __future__ import annotations

import base64
import fcntl
import hashlib
import os
import re
import shutil
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from memsync.errors import PullFirst, RemoteError
from memsync.manifest import Manifest, sha256_hex
from memsync.names import MANIFEST_NAME, SIGNATURE_NAME, Role, role_of

from .base import NOT_MODIFIED, Backend, ManifestFile, NotModified, Writer

PUSH_ATTEMPTS = 4
_WITH_DOT_GIT = re.compile(r"(?P<repo>.+?\.git)(?:@(?P<ref>[^/]+))?(?:/(?P<path>.*))?\Z")
_WITH_SLASHES = re.compile(r"(?P<repo>[a-z][a-z0-9+.-]*://.+?)(?:@(?P<ref>[^/@]+))?//(?P<path>.*)\Z")
_GITHUB = re.compile(r"github://(?P<owner>[^/@]+)/(?P<repo>[^/@]+?)(?:@(?P<ref>[^/]+))?(?:/(?P<path>.*))?\Z")


def parse_git_url(url: str, options: Mapping[str, str]) -> tuple[str, str | None, str]:
    """(repository URL, ref or None for the default branch, path of the field in it)."""
    github = _GITHUB.match(url)
    if github:
        base = options.get("github_base", "https://github.com").rstrip("/")
        repo = f"{base}/{github['owner']}/{github['repo'].removesuffix('.git')}.git"
        return repo, github["ref"], (github["path"] or "").strip("/")
    if url.startswith("git://"):
        rest = url  # git's own protocol (git daemon): the URL is already git's
    elif url.startswith("git+"):
        rest = url[len("git+") :]
    else:
        raise RemoteError(f"{url}: git remotes start with git+, git:// or github://")
    match = _WITH_DOT_GIT.match(rest) or _WITH_SLASHES.match(rest)
    if not match:
        raise RemoteError(f"{url}: expected git+SCHEME://HOST/REPO.git[@REF]/PATH (or REPO//PATH)")
    path = (match["path"] or "").strip("/")
    if any(part in ("", ".", "..") for part in path.split("/")) and path:
        raise RemoteError(f"{url}: the path inside the repository must be plain folder names")
    return match["repo"], match["ref"] or options.get("ref"), path


class GitBackend(Backend):
    def __init__(self, url: str, options: Mapping[str, str] | None = None) -> None:
        super().__init__(url, options)
        self.repo_url, self._ref, self.path = parse_git_url(url, self.options)
        root = os.environ.get("MEMSYNC_CACHE_DIR") or os.path.join(
            os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "memsync"
        )
        # One cache per repository and folder: the sparse checkout is the folder's.
        key = f"{self.repo_url}\n{self.path}"
        self.cache = Path(root) / "git" / hashlib.sha256(key.encode()).hexdigest()[:24]
        self._repo: Any = None
        self._fetched = False
        self._trees: dict[str, dict[str, bytes]] = {}

    # -- plumbing ---------------------------------------------------------------

    def _env(self) -> dict[str, str]:
        env = {"GIT_TERMINAL_PROMPT": "0", "GIT_ASKPASS": "true" if "GITHUB_TOKEN" in os.environ else ""}
        token = os.environ.get("GITHUB_TOKEN")
        if token and self.repo_url.startswith("https://"):
            basic = base64.b64encode(f"x-access-token:{token}".encode()).decode()
            env.update(
                {
                    "GIT_CONFIG_COUNT": "1",
                    "GIT_CONFIG_KEY_0": "http.extraHeader",
                    "GIT_CONFIG_VALUE_0": f"Authorization: Basic {basic}",
                }
            )
        return {k: v for k, v in env.items() if v}

    def _git(self, *args: str) -> str:
        import git

        try:
            with self.repo.git.custom_environment(**self._env()):
                return self.repo.git.execute(["git", *args], strip_newline_in_stdout=False)
        except git.GitCommandError as exc:
            raise RemoteError(f"{self.url}: git {args[0]} failed: {_last_line(exc.stderr)}") from None

    @property
    def repo(self) -> Any:
        if self._repo is None:
            import git

            if (self.cache / ".git").is_dir():
                self._repo = git.Repo(self.cache)
            else:
                self.cache.mkdir(parents=True, exist_ok=True)
                self._repo = git.Repo.init(self.cache)
                self._repo.create_remote("origin", self.repo_url)
                with self._repo.config_writer() as config:
                    config.set_value("core", "sparseCheckout", "true" if self.path else "false")
                if self.path:
                    info = self.cache / ".git" / "info"
                    info.mkdir(parents=True, exist_ok=True)
                    (info / "sparse-checkout").write_text(f"/{self.path}/\n")
        return self._repo

    def _path(self, name: str) -> str:
        return f"{self.path}/{name}" if self.path else name

    @property
    def ref(self) -> str:
        if self._ref is None:
            out = self._git("ls-remote", "--symref", "origin", "HEAD")
            found = re.search(r"ref: refs/heads/(\S+)\s+HEAD", out)
            self._ref = found.group(1) if found else "main"
        return self._ref

    def fetch(self) -> bool:
        """Bring the remote ref into the cache; False when the repository has no such branch yet."""
        import git

        try:
            with self._cache_lock(), self.repo.git.custom_environment(**self._env()):
                self.repo.git.fetch("--quiet", "origin", f"+refs/heads/{self.ref}:refs/remotes/origin/{self.ref}")
        except git.GitCommandError as exc:
            message = exc.stderr or ""
            if "couldn't find remote ref" in message or "could not find remote ref" in message:
                return False
            raise RemoteError(f"{self.url}: cannot fetch: {_last_line(message)}") from None
        self._fetched = True
        return True

    @contextmanager
    def _cache_lock(self) -> Iterator[None]:
        """Workspaces on one machine share the cache; git's own index lock is not enough."""
        self.cache.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.cache.parent / f"{self.cache.name}.lock", os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            yield
        finally:
            os.close(fd)

    def _rev(self, spec: str) -> str | None:
        try:
            return self._git("rev-parse", "--verify", "--quiet", spec).strip() or None
        except RemoteError:
            return None

    def _field_tree(self) -> str | None:
        """The field folder's tree id at the remote ref: the version token."""
        if not self._fetched:
            return None
        spec = f"origin/{self.ref}:{self.path}" if self.path else f"origin/{self.ref}^{{tree}}"
        return self._rev(spec)

    def _read_tree(self, tree: str) -> dict[str, bytes]:
        """Every file directly in the field folder, read through one cat-file process."""
        if tree in self._trees:
            return self._trees[tree]
        files: dict[str, bytes] = {}
        for line in self._git("ls-tree", tree).splitlines():
            meta, _, name = line.partition("\t")
            _mode, kind, blob = meta.split()
            if kind == "blob":
                files[name] = self.repo.odb.stream(bytes.fromhex(blob)).read()
        self._trees = {tree: files}
        return files

    # -- reading ----------------------------------------------------------------

    def exists(self) -> bool:
        return self.fetch() and bool(self.list_names())

    def fetch_manifest(self, if_none_match: str | None = None) -> ManifestFile | NotModified | None:
        if not self.fetch():
            return None
        tree = self._field_tree()
        if tree is None:
            return None
        if tree == if_none_match:
            return NOT_MODIFIED
        files = self._read_tree(tree)
        actual = Manifest({n: sha256_hex(d) for n, d in files.items() if role_of(n) is Role.CONTENT})
        declared = files.get(MANIFEST_NAME)
        if declared is None and not actual:
            return None
        if declared == actual.to_bytes():
            return ManifestFile(declared, tree, files.get(SIGNATURE_NAME))
        # Someone committed to the field by hand (a web edit, say) without memsync:
        # what the repository holds is the field, and no signature vouches for it.
        return ManifestFile(actual.to_bytes(), tree, None)

    def list_names(self) -> list[str]:
        if not self._fetched and not self.fetch():
            return []
        tree = self._field_tree()
        return sorted(self._read_tree(tree)) if tree else []

    def get(self, name: str) -> bytes:
        tree = self._field_tree()
        files = self._read_tree(tree) if tree else {}
        if name not in files:
            raise RemoteError(f"{self.url}: {name!r} is listed but missing")
        return files[name]

    def log(self, limit: int = 50) -> list[dict[str, str]]:
        """The field's history: commits on the remote ref that touched its folder."""
        if not self.fetch():
            return []
        fmt = "%H%x1f%an%x1f%aI%x1f%B%x1e"
        out = self._git("log", f"-n{limit}", f"--format={fmt}", f"origin/{self.ref}", "--", self.path or ".")
        entries = []
        for record in out.split("\x1e"):
            parts = record.strip("\n").split("\x1f")
            if len(parts) == 4:
                entries.append({"commit": parts[0], "author": parts[1], "date": parts[2], "message": parts[3].strip()})
        return entries

    # -- writing ----------------------------------------------------------------

    @contextmanager
    def transaction(self, expected_etag: str | None) -> Iterator[Writer]:
        self.fetch()
        if self._field_tree() != expected_etag:
            raise PullFirst(f"{self.url} changed since you last synced: pull first")
        yield _GitWriter(self, expected_etag)

    def _commit_and_push(self, puts: dict[str, bytes], deletes: set[str], message: str, expected: str | None) -> str:
        import git

        with self._cache_lock():
            for _ in range(PUSH_ATTEMPTS):
                if self._field_tree() != expected:
                    raise PullFirst(f"{self.url}: another writer changed the field first: pull first")
                commit = self._commit_on_remote_head(puts, deletes, message)
                try:
                    with self.repo.git.custom_environment(**self._env()):
                        self.repo.git.push("--quiet", "origin", f"{commit}:refs/heads/{self.ref}")
                except git.GitCommandError as exc:
                    stderr = exc.stderr or ""
                    if not any(s in stderr for s in ("rejected", "fetch first", "non-fast-forward", "stale info")):
                        raise RemoteError(f"{self.url}: git push failed: {_last_line(stderr)}") from None
                    self._fetch_locked()  # someone else pushed: go again on their head if the field is untouched
                    continue
                self._fetch_locked()
                tree = self._field_tree()
                assert tree is not None
                return tree
        raise PullFirst(f"{self.url}: the repository keeps moving; pull first and try again")

    def _fetch_locked(self) -> None:
        with self.repo.git.custom_environment(**self._env()):
            self.repo.git.fetch("--quiet", "origin", f"+refs/heads/{self.ref}:refs/remotes/origin/{self.ref}")
        self._fetched = True

    def _commit_on_remote_head(self, puts: dict[str, bytes], deletes: set[str], message: str) -> str:
        """One commit on top of the remote head that changes only the field's folder."""
        if self._rev(f"refs/remotes/origin/{self.ref}^{{commit}}"):
            self._git("checkout", "--quiet", "--force", "-B", self.ref, f"origin/{self.ref}")
        else:
            self._git("checkout", "--quiet", "--force", "--orphan", self.ref)
            self._git("rm", "-r", "--quiet", "--cached", "--ignore-unmatch", ".")
        folder = self.cache / self.path if self.path else self.cache
        folder.mkdir(parents=True, exist_ok=True)
        for name, data in puts.items():
            (folder / name).write_bytes(data)
        for name in deletes:
            (folder / name).unlink(missing_ok=True)
        self._git("add", "--all", "--", self.path or ".")
        self._git(*_identity(self.repo), "commit", "--quiet", "--allow-empty", "-m", message)
        commit = self._rev("HEAD")
        assert commit is not None
        return commit

    def reset_cache(self) -> None:
        shutil.rmtree(self.cache, ignore_errors=True)
        self._repo = None


class _GitWriter(Writer):
    def __init__(self, backend: GitBackend, expected: str | None) -> None:
        self.backend = backend
        self.expected = expected
        self.puts: dict[str, bytes] = {}
        self.deletes: set[str] = set()

    def put(self, name: str, data: bytes) -> None:
        self.puts[name] = data

    def delete(self, name: str) -> None:
        self.deletes.add(name)

    def commit(self, manifest: bytes, signature: bytes | None, message: str) -> str:
        puts = {**self.puts, MANIFEST_NAME: manifest}
        deletes = set(self.deletes)
        if signature is not None:
            puts[SIGNATURE_NAME] = signature
        else:
            deletes.add(SIGNATURE_NAME)
        return self.backend._commit_and_push(puts, deletes, message, self.expected)


def _identity(repo: Any) -> list[str]:
    """Use the user's git identity when set (asked of git itself, which honours
    GIT_CONFIG_GLOBAL and friends); otherwise commit as memsync."""
    import git

    try:
        repo.git.config("user.name")
        repo.git.config("user.email")
    except git.GitCommandError:
        return ["-c", "user.name=memsync", "-c", "user.email=memsync@localhost"]
    return []


def _last_line(stderr: str) -> str:
    lines = [line.strip() for line in (stderr or "").splitlines() if line.strip()]
    text = lines[-1] if lines else "unknown error"
    return text.removeprefix("stderr: ").strip("'").removeprefix("fatal: ").removeprefix("error: ")
