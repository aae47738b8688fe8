"""A field as a folder inside a git repository; a push is one commit.

URLs:
- ``git+file:///srv/repo.git[@REF]/path/to/field`` (also ``git+https://``,
  ``git+ssh://``, ``git://``): the repository URL runs up to ``.git``;
  without ``.git``, a ``//`` separates the repository from the path in it;
- ``github://OWNER/REPO[@REF]/path``: the repository on GitHub, token from
  ``GITHUB_TOKEN`` (sent as an HTTP header through git's environment, never
  on a command line or in a config file) or git's credential helper.

A commit is git's own transaction, so this remote speaks the field protocol
itself instead of through a store. Each remote has a bare cache repository
under ``$MEMSYNC_CACHE_DIR`` (default ``$XDG_CACHE_HOME/memsync/git``),
shared by the workspaces of one machine under a file lock. Nothing is ever
checked out: the field's files are read from the fetched tree (blob sizes
checked before reading), and a push builds its tree and commit from objects
(``mktree``, ``commit-tree``) on top of the remote head, then pushes that
commit. A field folder holding a symlink, a submodule or a subfolder is
refused, so no link in a repository can lead a write anywhere. A rejected
push is retried on the new head when the other writer did not touch the
field, and is "pull first" when it did. Version token: the tree id of the
field's folder at the ref.
"""

from __future__ import annotations

import base64
import contextlib
import fcntl
import hashlib
import os
import re
import selectors
import shutil
import signal
import subprocess
import tempfile
import threading
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any, BinaryIO, ClassVar

from memsync.errors import InputError, PullFirst, RemoteError, WorkspaceError
from memsync.manifest import Manifest, sha256_hex
from memsync.names import MANIFEST_NAME, SIDECAR_NAMES, Role, role_of
from memsync.remote import (
    MANIFEST_LIMIT,
    NOT_MODIFIED,
    SIDECAR_LIMIT,
    ManifestFile,
    NotModified,
    Remote,
    Writer,
    file_limit,
)

from .base import COMMON_OPTIONS, Option, TimedOut, TooLarge, timeout_option

PUSH_ATTEMPTS = 4
_REGULAR = ("100644", "100755")
_WITH_DOT_GIT = re.compile(r"(?P<repo>.+?\.git)(?:@(?P<ref>[^/]+))?(?:/(?P<path>.*))?\Z")
_WITH_SLASHES = re.compile(r"(?P<repo>[a-z][a-z0-9+.-]*://.+?)(?:@(?P<ref>[^/@]+))?//(?P<path>.*)\Z")
_GITHUB = re.compile(r"github://(?P<owner>[^/@]+)/(?P<repo>[^/@]+?)(?:@(?P<ref>[^/]+))?(?:/(?P<path>.*))?\Z")

OPTIONS: Mapping[str, Option] = {
    "ref": Option("the branch to sync (default: the repository's default branch)"),
    "github_base": Option("the GitHub server for github:// URLs (default https://github.com)"),
}


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
        raise WorkspaceError(f"{url}: git remotes start with git+, git:// or github://")
    match = _WITH_DOT_GIT.match(rest) or _WITH_SLASHES.match(rest)
    if not match:
        raise WorkspaceError(f"{url}: expected git+SCHEME://HOST/REPO.git[@REF]/PATH (or REPO//PATH)")
    path = (match["path"] or "").strip("/")
    if any(part in ("", ".", "..") for part in path.split("/")) and path:
        raise WorkspaceError(f"{url}: the path inside the repository must be plain folder names")
    return match["repo"], match["ref"] or options.get("ref"), path


class GitRemote(Remote):
    OPTIONS: ClassVar[Mapping[str, Option]] = OPTIONS  # declared for the registry's option checks

    def __init__(self, url: str, options: Mapping[str, str] | None = None) -> None:
        self.url = url
        self.options = dict(options or {})
        unknown = sorted(set(self.options) - set(OPTIONS) - set(COMMON_OPTIONS))
        if unknown:
            valid = ", ".join(sorted({*OPTIONS, *COMMON_OPTIONS}))
            raise WorkspaceError(f"{url}: unknown option {unknown[0]!r} (valid here: {valid})")
        self.timeout = timeout_option(url, self.options)
        self.repo_url, self._ref, self.path = parse_git_url(url, self.options)
        root = os.environ.get("MEMSYNC_CACHE_DIR") or os.path.join(
            os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "memsync"
        )
        key = f"{self.repo_url}\n{self.path}"
        self.cache = Path(root) / "git" / hashlib.sha256(key.encode()).hexdigest()[:24]
        self._repo: Any = None
        self._fetched = False
        self._fresh = False  # the cache was made by this run: its first fetch can be shallow
        self._tree: str | None = None  # the field's tree at the fetched ref ("": none), once asked
        self._trees: dict[str, dict[str, tuple[str, int, str]]] = {}
        self._odb_lock = threading.Lock()

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

    def _git(self, *args: str, stdin: bytes | None = None) -> str:
        assert self.repo is not None  # the cache exists before git runs in it
        try:
            done = subprocess.run(
                ["git", "--git-dir", str(self.cache), *args],
                input=stdin,
                capture_output=True,
                env={**os.environ, **self._env()},
                check=False,
            )
        except OSError as exc:
            raise RemoteError(f"{self.url}: cannot run git: {exc.strerror}") from exc
        if done.returncode != 0:
            raise RemoteError(f"{self.url}: git {args[0]} failed: {_last_line(done.stderr.decode('utf-8', 'replace'))}")
        return done.stdout.decode("utf-8", "surrogateescape")

    @property
    def repo(self) -> Any:
        if self._repo is None:
            import git

            if (self.cache / "HEAD").is_file():
                self._repo = git.Repo(self.cache)
            else:
                shutil.rmtree(self.cache, ignore_errors=True)  # an older cache layout, or a half-made one
                self.cache.mkdir(parents=True, exist_ok=True)
                self._repo = git.Repo.init(self.cache, bare=True)
                self._repo.create_remote("origin", self.repo_url)
                self._fresh = True
        return self._repo

    def _network(self, *args: str) -> tuple[int, str, str]:
        """A git command that talks to the remote: (exit code, stdout, stderr).

        git has no timeout of its own for most transports, so it is killed (with
        any helper it started) once it has printed nothing for ``timeout``
        seconds; fetch and push run with ``--progress`` so a transfer that moves
        keeps talking."""
        assert self.repo is not None  # the cache exists before git runs in it
        try:
            proc = subprocess.Popen(
                ["git", *args],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                env={**os.environ, **self._env(), "GIT_DIR": str(self.cache)},
                start_new_session=True,
            )
        except OSError as exc:
            raise RemoteError(f"{self.url}: cannot run git: {exc.strerror}") from exc
        out, err = bytearray(), bytearray()
        with proc, selectors.DefaultSelector() as selector:
            assert proc.stdout is not None and proc.stderr is not None
            selector.register(proc.stdout, selectors.EVENT_READ, out)
            selector.register(proc.stderr, selectors.EVENT_READ, err)
            while selector.get_map():
                ready = selector.select(self.timeout)
                if not ready:
                    with contextlib.suppress(ProcessLookupError):
                        os.killpg(proc.pid, signal.SIGKILL)
                    proc.wait()
                    silent = f"the remote sent nothing for {self.timeout:g} s; gave up"
                    raise TimedOut(f"{self.url}: git {args[0]}: {silent}")
                for key, _ in ready:
                    chunk = os.read(key.fd, 65536)
                    if chunk:
                        key.data.extend(chunk)
                    else:
                        selector.unregister(key.fileobj)
            code = proc.wait()
        return code, out.decode("utf-8", "surrogateescape"), err.decode("utf-8", "replace")

    @property
    def ref(self) -> str:
        if self._ref is None:
            code, out, err = self._network("ls-remote", "--symref", "origin", "HEAD")
            if code != 0:
                raise RemoteError(f"{self.url}: git ls-remote failed: {_last_line(err)}")
            found = re.search(r"ref: refs/heads/(\S+)\s+HEAD", out)
            self._ref = found.group(1) if found else "main"
        return self._ref

    def _update(self) -> bool:
        """Bring the remote ref into the cache; False when the repository has no such branch yet."""
        with self._cache_lock():
            return self._fetch_locked()

    def _fetch_locked(self, *, history: bool = False) -> bool:
        """Fetch the ref. A new cache fetches the tip alone (``--depth 1``: a sync needs
        the field's tree at the head, not the repository's past); later fetches bring
        what is new since; ``history`` deepens it to the whole past (``log``)."""
        assert self.repo is not None  # made now if it is new (which makes it fresh)
        shallow = (self.cache / "shallow").exists()
        if history and shallow:
            depth = ["--unshallow"]
        elif not history and self._fresh:
            depth = ["--depth", "1"]
        else:
            depth = []
        code, _, message = self._network(
            "fetch", "--progress", *depth, "origin", f"+refs/heads/{self.ref}:refs/remotes/origin/{self.ref}"
        )
        if code != 0:
            if "couldn't find remote ref" in message or "could not find remote ref" in message:
                return False
            raise RemoteError(f"{self.url}: cannot fetch: {_last_line(message)}")
        self._fetched, self._fresh = True, False
        self._tree = None  # the ref may have moved
        return True

    @contextmanager
    def _cache_lock(self) -> Iterator[None]:
        """Workspaces on one machine share the cache; git's own locks are not enough."""
        self.cache.parent.mkdir(parents=True, exist_ok=True)
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
        """The field folder's tree id at the remote ref: the version token (asked of
        git once per fetch, not once per file read)."""
        if not self._fetched:
            return None
        if self._tree is None:
            spec = (
                f"refs/remotes/origin/{self.ref}:{self.path}"
                if self.path
                else f"refs/remotes/origin/{self.ref}^{{tree}}"
            )
            self._tree = self._rev(spec) or ""
        return self._tree or None

    def _entries(self, tree: str) -> dict[str, tuple[str, int, str]]:
        """name → (blob id, size, mode) of every file directly in the field folder.

        Anything but a regular file there (a symlink, a submodule, a subfolder)
        is refused: git would happily check it out, and a write could follow it."""
        if tree in self._trees:
            return self._trees[tree]
        files: dict[str, tuple[str, int, str]] = {}
        for line in self._git("ls-tree", "-l", "-z", tree).split("\0"):
            if not line:
                continue
            meta, _, name = line.partition("\t")
            mode, kind, blob, size = meta.split()
            if mode in _REGULAR and kind == "blob":
                files[name] = (blob, int(size), mode)
            elif role_of(name) is not Role.HIDDEN or mode in ("120000", "160000"):
                what = {"120000": "a symlink", "160000": "a submodule", "040000": "a subfolder"}.get(mode, kind)
                raise InputError(f"{self.url}: {name!r} in the field folder is {what}; a field holds only files")
        self._trees = {tree: files}
        return files

    def _blob(self, name: str, blob: str, size: int, mode: str = "100644", *, limit: int | None = None) -> bytes:
        limit = file_limit() if limit is None else limit
        if size > limit:
            raise TooLarge(f"{self.url}: {name!r} is {size} bytes, more than the {limit} memsync reads")
        with self._odb_lock:  # one cat-file --batch process answers one question at a time
            data: bytes = self.repo.odb.stream(bytes.fromhex(blob)).read()
        return data

    # -- reading ----------------------------------------------------------------

    def exists(self) -> bool:
        return self._update() and bool(self.list_names())

    def fetch_manifest(self, if_none_match: str | None = None) -> ManifestFile | NotModified | None:
        if not self._update():
            return None
        return self._manifest_at(self._field_tree(), if_none_match)

    def _manifest_at(self, tree: str | None, if_none_match: str | None) -> ManifestFile | NotModified | None:
        if tree is None:
            return None
        if tree == if_none_match:
            return NOT_MODIFIED
        entries = self._entries(tree)
        actual = Manifest({n: blob_sha(self, n, e) for n, e in entries.items() if role_of(n) is Role.CONTENT})
        declared = (
            self._blob(MANIFEST_NAME, *entries[MANIFEST_NAME], limit=MANIFEST_LIMIT)
            if MANIFEST_NAME in entries
            else None
        )
        if declared is None and not actual:
            return None
        if declared == actual.to_bytes():
            sidecars = {n: self._blob(n, *entries[n], limit=SIDECAR_LIMIT) for n in SIDECAR_NAMES if n in entries}
            return ManifestFile(declared, tree, sidecars)
        # Someone committed to the field by hand (a web edit, say) without memsync:
        # what the repository holds is the field, and nothing vouches for it.
        return ManifestFile(actual.to_bytes(), tree, {})

    def list_names(self) -> list[str]:
        if not self._fetched and not self._update():
            return []
        tree = self._field_tree()
        return sorted(self._entries(tree)) if tree else []

    def get(self, name: str) -> bytes:
        tree = self._field_tree()
        entries = self._entries(tree) if tree else {}
        if name not in entries:
            raise RemoteError(f"{self.url}: {name!r} is listed but missing")
        return self._blob(name, *entries[name])

    def fetch_derived(self, name: str, sink: BinaryIO, max_bytes: int) -> bool:
        tree = self._field_tree() if self._fetched or self._update() else None
        entry = self._entries(tree).get(name) if tree else None
        if entry is None:
            return False
        blob, size, _ = entry
        if size > max_bytes:
            raise TooLarge(f"{self.url}: {name!r} is {size} bytes, more than the {max_bytes} memsync reads")
        with self._odb_lock:
            stream = self.repo.odb.stream(bytes.fromhex(blob))
            while chunk := stream.read(1024 * 1024):
                sink.write(chunk)
        return True

    def log(self, limit: int = 50) -> list[dict[str, str]]:
        """The field's history: commits on the remote ref that touched its folder."""
        with self._cache_lock():
            if not self._fetch_locked(history=True):
                return []
        fmt = "%H%x1f%an%x1f%aI%x1f%B%x1e"
        out = self._git(
            "log", f"-n{limit}", f"--format={fmt}", f"refs/remotes/origin/{self.ref}", "--", self.path or "."
        )
        entries = []
        for record in out.split("\x1e"):
            parts = record.strip("\n").split("\x1f")
            if len(parts) == 4:
                entries.append({"commit": parts[0], "author": parts[1], "date": parts[2], "message": parts[3].strip()})
        return entries

    # -- writing ----------------------------------------------------------------

    @contextmanager
    def transaction(
        self, expected: str | None, sidecars: frozenset[str] | None = None, *, wait: bool = True
    ) -> Iterator[Writer]:
        with self._cache_lock():
            tree = self._field_tree() if self._fetch_locked() else None
            writer = _GitWriter(self, tree)
            writer.current = self._manifest_at(tree, expected)
            yield writer

    def _commit_and_push(self, puts: dict[str, bytes], deletes: set[str], message: str, seen: str | None) -> str:
        for _ in range(PUSH_ATTEMPTS):
            if self._field_tree() != seen:
                raise PullFirst(f"{self.url}: another writer changed the field first: pull first")
            commit = self._commit_on_remote_head(puts, deletes, message)
            code, _, stderr = self._network("push", "--progress", "origin", f"{commit}:refs/heads/{self.ref}")
            if code != 0:
                failed = RemoteError(f"{self.url}: git push failed: {_last_line(stderr)}")
                try:
                    self._fetch_locked()
                except RemoteError:
                    raise failed from None
                if self._rev(f"refs/remotes/origin/{self.ref}^{{commit}}") != commit:
                    if not any(s in stderr for s in ("rejected", "fetch first", "non-fast-forward", "stale info")):
                        raise failed
                    continue  # someone else pushed: go again on their head if the field is untouched
                # Our commit is the remote's head: the push landed and only its answer was lost.
            else:
                self._fetch_locked()
            tree = self._field_tree()
            assert tree is not None
            return tree
        raise PullFirst(f"{self.url}: the repository keeps moving; pull first and try again")

    def _commit_on_remote_head(self, puts: dict[str, bytes], deletes: set[str], message: str) -> str:
        """One commit on top of the remote head that changes only the field's folder,
        built from objects: nothing is checked out, so nothing can be written through a link."""
        parent = self._rev(f"refs/remotes/origin/{self.ref}^{{commit}}")
        field_tree = self._field_tree()
        old = self._entries(field_tree) if field_tree else {}
        entries = {n: (mode, "blob", blob) for n, (blob, _, mode) in old.items()}
        for name in deletes:
            entries.pop(name, None)
        names = list(puts)
        for name, blob in zip(names, self._store_blobs([puts[n] for n in names]), strict=True):
            entries[name] = (old[name][2] if name in old else "100644", "blob", blob)
        root = self._graft(parent, self.path.split("/") if self.path else [], self._mktree(entries))
        args = ["commit-tree", root, *(["-p", parent] if parent else []), "-m", message]
        return self._git(*_identity(self.repo), *args).strip()

    def _graft(self, commit: str | None, parts: list[str], tree: str) -> str:
        """The root tree of ``commit`` with the folder at ``parts`` replaced by ``tree``."""
        if not parts:
            return tree
        folder = "/".join(parts[:-1])
        spec = f"{commit}:{folder}" if folder else f"{commit}^{{tree}}"
        parent_tree = self._rev(spec) if commit else None
        entries = {}
        for line in (self._git("ls-tree", "-z", parent_tree) if parent_tree else "").split("\0"):
            if line:
                meta, _, name = line.partition("\t")
                mode, kind, sha = meta.split()
                entries[name] = (mode, kind, sha)
        entries[parts[-1]] = ("040000", "tree", tree)
        return self._graft(commit, parts[:-1], self._mktree(entries))

    def _mktree(self, entries: dict[str, tuple[str, str, str]]) -> str:
        body = "".join(f"{mode} {kind} {sha}\t{name}\0" for name, (mode, kind, sha) in sorted(entries.items()))
        return self._git("mktree", "-z", stdin=body.encode("utf-8")).strip()

    def _store_blobs(self, blobs: list[bytes]) -> list[str]:
        """Write blobs into the cache with one ``git fast-import`` (a pack, not a git
        process or a loose object per file); their ids, in order."""
        if not blobs:
            return []
        with tempfile.TemporaryDirectory(prefix="memsync-git-") as tmp:
            marks, errors = Path(tmp) / "marks", Path(tmp) / "errors"
            argv = ["git", "--git-dir", str(self.cache), "fast-import", "--quiet", f"--export-marks={marks}"]
            try:
                with open(errors, "wb") as stderr:  # a file, not a pipe: git never waits on us to read it
                    proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=stderr)
            except OSError as exc:
                raise RemoteError(f"{self.url}: cannot run git: {exc.strerror}") from exc
            assert proc.stdin is not None
            try:
                for mark, data in enumerate(blobs, start=1):
                    proc.stdin.write(b"blob\nmark :%d\ndata %d\n" % (mark, len(data)))
                    proc.stdin.write(data)
                    proc.stdin.write(b"\n")
                proc.stdin.close()
            except BrokenPipeError:
                pass  # git stopped reading: its error says why
            if proc.wait() != 0:
                error = errors.read_text("utf-8", "replace")
                raise RemoteError(f"{self.url}: git fast-import failed: {_last_line(error)}")
            ids = dict(line.split() for line in marks.read_text().splitlines())
        return [ids[f":{mark}"] for mark in range(1, len(blobs) + 1)]

    def reset_cache(self) -> None:
        shutil.rmtree(self.cache, ignore_errors=True)
        self._repo = None
        self._fetched, self._tree = False, None


def blob_sha(remote: GitRemote, name: str, entry: tuple[str, int, str]) -> str:
    return sha256_hex(remote._blob(name, *entry))


class _GitWriter(Writer):
    def __init__(self, remote: GitRemote, seen: str | None) -> None:
        self.remote = remote
        self.seen = seen
        self.puts: dict[str, bytes] = {}
        self.deletes: set[str] = set()

    def put(self, name: str, data: bytes, was: str | None) -> None:
        self.puts[name] = data

    def delete_many(self, names: list[str]) -> None:
        self.deletes.update(names)

    def commit(self, manifest: bytes, sidecars: Mapping[str, bytes], message: str) -> str:
        puts = {**self.puts, **sidecars, MANIFEST_NAME: manifest}
        deletes = self.deletes | {n for n in SIDECAR_NAMES if n not in sidecars}
        return self.remote._commit_and_push(puts, deletes, message, self.seen)


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
