"""A field as a folder inside a git repository; a push is one commit.

URLs:
- ``git+file:///srv/repo.git[@REF]/path/to/field`` (also ``git+https://``,
  ``git+ssh://``, ``git://``, and git's own ``USER@HOST:REPO.git[@REF]/path``):
  the repository URL runs up to ``.git``; without ``.git``, a ``//`` separates
  the repository from the path in it (``memsync.urls`` reads them all);
- ``github://OWNER/REPO[@REF]/path``: the repository on GitHub, token from
  ``GITHUB_TOKEN`` (sent as an HTTP header through git's environment, never
  on a command line or in a config file, and only to the GitHub server:
  ``github_base``, by default https://github.com) or git's credential helper.
  A password in an http(s) URL (``https://USER:PASSWORD@…``) goes the same
  way, and a lone user name (``https://TOKEN@…``, a token as GitHub takes
  it) reaches git through its environment as a URL rewrite: the cache's
  config and git's command lines, which other users of the machine may read,
  hold the URL without either.

A commit is git's own transaction, so this remote speaks the field protocol
itself instead of through a store. Each remote has a bare cache repository
under ``$MEMSYNC_CACHE_DIR`` (default ``$XDG_CACHE_HOME/memsync/git``),
shared by the workspaces of one machine under a file lock. Nothing is ever
checked out: the field's trees and files are read from the fetched objects
through one ``git cat-file --batch`` process (each object's size checked
before its body is read), and a push writes its files and its commit on top
of the remote head with one ``git fast-import``, then pushes that commit. A
field folder holding a symlink, a submodule or a subfolder is refused, so no
link in a repository can lead a write anywhere. A rejected push is retried on
the new head when the other writer did not touch the field, and is "pull
first" when it did. Version token: the tree id of the field's folder at the
ref. The repository's default branch, once the server has named it, is
remembered in the cache (as ``git clone`` remembers ``origin/HEAD``) and asked
again only when that branch is gone.
"""

from __future__ import annotations

import base64
import contextlib
import fcntl
import hashlib
import os
import re
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO, ClassVar
from urllib.parse import unquote, urlsplit

from .backends.base import COMMON_OPTIONS, Option, timeout_option
from .errors import InputError, IntegrityError, PullFirst, RemoteError, WorkspaceError
from .git_process import Objects, last_line, run, talk
from .limits import GIT_KEEP_BYTES as _KEEP_BYTES
from .limits import MANIFEST_LIMIT, PUSH_ATTEMPTS, SIDECAR_LIMIT
from .manifest import Manifest, check_file_count, sha256_hex
from .names import MANIFEST_NAME, SIDECAR_NAMES, Role, role_of
from .remote import (
    NOT_MODIFIED,
    ManifestFile,
    NotModified,
    Remote,
    Writer,
    file_limit,
)
from .urls import git_parts

_REGULAR = ("100644", "100755")
_KINDS = {"120000": "a symlink", "160000": "a submodule", "040000": "a subfolder"}
_SCRATCH_REF = "refs/memsync/push"  # fast-import must name a branch; the push names the real one
_DEFAULT_BRANCH_FILE = "memsync-default-branch"
_PACKS_BEFORE_UPKEEP = 50  # git's gc.autoPackLimit: past it, gc --auto repacks
_SHA256_MEMO = "memsync-sha256"  # "BLOB-ID SHA256" of the field's files, as last read

OPTIONS: Mapping[str, Option] = {
    "ref": Option("the branch to sync (default: the repository's default branch)"),
    "github_base": Option("the GitHub server for github:// URLs (default https://github.com)"),
}


class GitRemote(Remote):
    OPTIONS: ClassVar[Mapping[str, Option]] = OPTIONS  # declared for the registry's option checks
    # One file at a time: reads go through the one cat-file pipe and a push only gathers
    # files in memory for fast-import, so threads would add nothing but their start-up.
    parallel = 1

    def __init__(self, url: str, options: Mapping[str, str] | None = None) -> None:
        self.url = url
        self.options = dict(options or {})
        unknown = sorted(set(self.options) - set(OPTIONS) - set(COMMON_OPTIONS))
        if unknown:
            valid = ", ".join(sorted({*OPTIONS, *COMMON_OPTIONS}))
            raise WorkspaceError(f"{url}: unknown option {unknown[0]!r} (valid here: {valid})")
        self.timeout = timeout_option(url, self.options)
        self.repo_url, self._ref, self.path = git_parts(url, self.options)
        self._remote_url, self._login = _without_userinfo(self.repo_url)
        self._ref_remembered = False  # the default branch came from the cache, not from the server
        root = os.environ.get("MEMSYNC_CACHE_DIR") or os.path.join(
            os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "memsync"
        )
        key = f"{self.repo_url}\n{self.path}"
        self.cache = Path(root) / "git" / hashlib.sha256(key.encode()).hexdigest()[:24]
        self._ready = False
        self._fetched = False
        self._fresh = False  # the cache was made by this run: its first fetch can be shallow
        self._head: str | None = None  # the fetched ref's commit ("": none), once asked
        self._tree: str | None = None  # the field's tree at the fetched ref ("": none), once asked
        self._trees: dict[str, dict[str, tuple[str, str]]] = {}
        self._manifests: dict[str, bytes] = {}  # field tree -> the SHA256SUMS fetch_manifest answered for it
        self._shas: dict[str, str] | None = None  # blob id -> sha256 (the memo in the cache), once read
        self._kept: dict[str, bytes] = {}  # blob id -> bytes read while checking SHA256SUMS, until fetched
        self._objects = Objects(self.cache, self.url)

    # -- plumbing ---------------------------------------------------------------

    def _env(self) -> dict[str, str]:
        env = {"GIT_TERMINAL_PROMPT": "0", "GIT_ASKPASS": "true" if "GITHUB_TOKEN" in os.environ else ""}
        token = os.environ.get("GITHUB_TOKEN")
        # The token is GitHub's: it goes to the GitHub server alone, over https.
        github = _origin(self.options.get("github_base", "https://github.com"))
        login = self._login
        if login is None and token and github[0] == "https" and _origin(self.repo_url) == github:
            login = f"x-access-token:{token}"
        config: list[tuple[str, str]] = []
        if login is not None:
            basic = base64.b64encode(login.encode()).decode()
            config.append(("http.extraHeader", f"Authorization: Basic {basic}"))
        elif self._remote_url != self.repo_url:
            # A lone user name: git alone knows what to do with it (send it with no
            # password, then ask a credential helper for that user's), so git must
            # see the URL it was given; the rewrite is its own, in its environment.
            config.append((f"url.{self.repo_url}.insteadOf", self._remote_url))
        given = os.environ.get("GIT_CONFIG_COUNT", "")  # settings the caller gives git this way stay
        for i, (key, value) in enumerate(config, int(given) if given.isdigit() else 0):
            env.update({"GIT_CONFIG_COUNT": str(i + 1), f"GIT_CONFIG_KEY_{i}": key, f"GIT_CONFIG_VALUE_{i}": value})
        return {k: v for k, v in env.items() if v}

    def _git(self, *args: str, stdin: bytes | None = None) -> str:
        self._ensure_cache()
        return self._run(["git", "--git-dir", str(self.cache), *args], stdin)

    def _run(self, argv: list[str], stdin: bytes | None = None) -> str:
        return run(argv, self._env(), self.url, stdin)

    def _ensure_cache(self) -> None:
        if self._ready:
            return
        config = self.cache / "config"
        if not (self.cache / "HEAD").is_file():
            shutil.rmtree(self.cache, ignore_errors=True)  # an older cache layout, or a half-made one
            self.cache.mkdir(parents=True, exist_ok=True)
            self._run(["git", "init", "--quiet", "--bare", str(self.cache)])
            # A configured remote, so that a push also moves refs/remotes/origin/* to what it pushed.
            self._run(["git", "--git-dir", str(self.cache), "remote", "add", "origin", self._remote_url])
            self._fresh = True
        elif self.repo_url != self._remote_url and self.repo_url in config.read_text("utf-8", "replace"):
            # A cache made before credentials were kept out of it.
            self._run(["git", "--git-dir", str(self.cache), "remote", "set-url", "origin", self._remote_url])
        self._ready = True

    def _network(self, *args: str) -> tuple[int, str, str]:
        """A git command that talks to the remote, under its deadline (``talk``)."""
        self._ensure_cache()
        env = {**self._env(), "GIT_DIR": str(self.cache)}
        return talk(args, env, self.timeout, self.url, self.cache / "objects")

    @property
    def ref(self) -> str:
        if self._ref is None:
            self._ensure_cache()
            with contextlib.suppress(OSError, UnicodeDecodeError):
                self._ref = (self.cache / _DEFAULT_BRANCH_FILE).read_text("utf-8").strip() or None
            self._ref_remembered = self._ref is not None
            if self._ref is None:
                self._ref = self._ask_default_branch()
        return self._ref

    def _ask_default_branch(self) -> str:
        """The branch the server's HEAD names, remembered for the next run; "main"
        when it names none (an empty repository), and then not remembered."""
        code, out, err = self._network("ls-remote", "--symref", "origin", "HEAD")
        if code != 0:
            raise RemoteError(f"{self.url}: git ls-remote failed: {last_line(err)}")
        found = re.search(r"ref: refs/heads/(\S+)\s+HEAD", out)
        if not found:
            return "main"
        with tempfile.NamedTemporaryFile("w", dir=self.cache, delete=False, encoding="utf-8") as tmp:
            tmp.write(found.group(1))
        os.replace(tmp.name, self.cache / _DEFAULT_BRANCH_FILE)
        return found.group(1)

    def _update(self) -> bool:
        """Bring the remote ref into the cache; False when the repository has no such branch yet."""
        with self._cache_lock():
            return self._fetch_locked()

    def _fetch_locked(self, *, history: bool = False) -> bool:
        """Fetch the ref. A new cache fetches the tip alone (``--depth 1``: a sync needs
        the field's tree at the head, not the repository's past); later, one
        ``ls-remote`` says whether there is anything new, and only then is it
        fetched; ``history`` deepens the cache to the whole past (``log``)."""
        self._ensure_cache()
        ref = self.ref
        self._moved()  # another workspace may have fetched into the shared cache since
        if not history and not self._fresh:
            code, out, message = self._network("ls-remote", "origin", f"refs/heads/{ref}")
            if code != 0:
                raise RemoteError(f"{self.url}: cannot fetch: {last_line(message)}")
            tips = [line.split("\t")[0] for line in out.splitlines() if line.endswith(f"\trefs/heads/{ref}")]
            if not tips:
                return self._branch_gone(history)
            cached = self._objects.read(f"refs/remotes/origin/{ref}^{{commit}}", MANIFEST_LIMIT, "the head commit")
            if cached is not None and cached[0] == tips[0]:
                self._fetched = True
                return True
        shallow = (self.cache / "shallow").exists()
        if history and shallow:
            depth = ["--unshallow"]
        elif not history and self._fresh:
            depth = ["--depth", "1"]
        else:
            depth = []
        code, _, message = self._network(
            "fetch", "--progress", *depth, "origin", f"+refs/heads/{ref}:refs/remotes/origin/{ref}"
        )
        if code != 0:
            if "couldn't find remote ref" in message or "could not find remote ref" in message:
                return self._branch_gone(history)
            raise RemoteError(f"{self.url}: cannot fetch: {last_line(message)}")
        self._fetched, self._fresh = True, False
        self._moved()
        return True

    def _branch_gone(self, history: bool) -> bool:
        """The repository has no such branch: False, unless it was the default branch
        remembered from an earlier run, which is then asked for again."""
        if not self._ref_remembered:
            return False
        self._ref, self._ref_remembered = self._ask_default_branch(), False
        return self._fetch_locked(history=history)

    def _moved(self) -> None:
        """The cache changed: forget what was read of it (a running cat-file may not see new packs)."""
        self._head = self._tree = None
        self._objects.close()

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

    def _field_tree(self) -> str | None:
        """The field folder's tree id at the remote ref: the version token (looked up
        once per fetch, not once per file read)."""
        if not self._fetched:
            return None
        if self._tree is None:
            self._head, self._tree = self._locate()
        return self._tree or None

    def _locate(self) -> tuple[str, str]:
        """(head commit, field tree) at the fetched ref, "" for what is not there.
        The path is walked one tree at a time: a folder on the way that is not a
        tree (a file, a symlink) means no field there."""
        found = self._objects.read(f"refs/remotes/origin/{self.ref}^{{commit}}", MANIFEST_LIMIT, "the head commit")
        if found is None:
            return "", ""
        head, _, data = found
        tree = data[5 : data.index(b"\n")].decode() if data.startswith(b"tree ") else ""
        for part in self.path.split("/") if self.path else []:
            entry = self._tree_entries(tree).get(part)
            if entry is None or entry[1] != "040000":
                return head, ""
            tree = entry[0]
        return head, tree

    def _tree_entries(self, tree: str) -> dict[str, tuple[str, str]]:
        """name → (object id, mode) of a tree object, modes as ls-tree prints them."""
        found = self._objects.read(tree, MANIFEST_LIMIT, "the field's tree")
        if found is None or found[1] != "tree":
            raise RemoteError(f"{self.url}: tree {tree} is missing from the cache; run again to refetch it")
        data, width = found[2], len(tree) // 2
        entries: dict[str, tuple[str, str]] = {}
        pos = 0
        try:
            while pos < len(data):
                space = data.index(b" ", pos)
                nul = data.index(b"\0", space)
                name = data[space + 1 : nul].decode("utf-8", "surrogateescape")
                entries[name] = (data[nul + 1 : nul + 1 + width].hex(), data[pos:space].decode().rjust(6, "0"))
                pos = nul + 1 + width
        except (ValueError, UnicodeDecodeError):
            raise RemoteError(f"{self.url}: tree {tree} is damaged") from None
        return entries

    def _entries(self, tree: str) -> dict[str, tuple[str, str]]:
        """name → (blob id, mode) of every file directly in the field folder.

        Anything but a regular file there (a symlink, a submodule, a subfolder)
        is refused: git would happily check it out, and a write could follow it."""
        if tree in self._trees:
            return self._trees[tree]
        files: dict[str, tuple[str, str]] = {}
        for name, (blob, mode) in self._tree_entries(tree).items():
            if mode in _REGULAR:
                files[name] = (blob, mode)
            elif role_of(name) is not Role.HIDDEN or mode in ("120000", "160000"):
                what = _KINDS.get(mode, f"of mode {mode}")
                raise InputError(f"{self.url}: {name!r} in the field folder is {what}; a field holds only files")
        self._trees = {tree: files}
        return files

    def _blob(self, name: str, blob: str, *, limit: int | None = None) -> bytes:
        kept = self._kept.pop(blob, None) if limit is None else None
        if kept is not None:
            return kept
        found = self._objects.read(blob, file_limit() if limit is None else limit, name)
        if found is None or found[1] != "blob":
            raise RemoteError(f"{self.url}: {name!r} is missing from the cache; run again to refetch it")
        return found[2]

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
        content = {n: entries[n][0] for n in entries if role_of(n) is Role.CONTENT}
        check_file_count(len(content), self.url)  # each is a blob to read and hash
        actual = Manifest(dict(zip(content, self._hashes(content), strict=True)))
        declared = (
            self._blob(MANIFEST_NAME, entries[MANIFEST_NAME][0], limit=MANIFEST_LIMIT)
            if MANIFEST_NAME in entries
            else None
        )
        if declared is None and not actual:
            return None
        if declared == actual.to_bytes():
            sidecars = {n: self._blob(n, entries[n][0], limit=SIDECAR_LIMIT) for n in SIDECAR_NAMES if n in entries}
            answer = ManifestFile(declared, tree, sidecars)
        else:
            # Someone committed to the field by hand (a web edit, say) without memsync:
            # what the repository holds is the field, and nothing vouches for it.
            answer = ManifestFile(actual.to_bytes(), tree, {})
        self._manifests = {tree: answer.data}
        return answer

    def _hashes(self, blobs: Mapping[str, str]) -> list[str]:
        """The sha256 of each blob (name → blob id), in order. Blob ids are content
        hashes, so what an earlier run read (the memo in the cache) is not read
        again: a remote that moved costs the files that changed, not the field.
        What is read is kept, within a budget, for the fetch that follows."""
        if self._shas is None:
            self._shas = {}
            with contextlib.suppress(OSError):
                for line in (self.cache / _SHA256_MEMO).read_text("ascii", "replace").splitlines():
                    blob, _, sha = line.partition(" ")
                    if len(sha) == 64:
                        self._shas[blob] = sha
        shas = self._shas
        unknown = {blob: name for name, blob in blobs.items() if blob not in shas}
        ids = list(unknown)
        kept, budget = {}, _KEEP_BYTES

        def learn(i: int, data: bytes) -> None:
            nonlocal budget
            shas[ids[i]] = sha256_hex(data)
            if len(data) <= budget:
                kept[ids[i]] = data
                budget -= len(data)

        self._objects.read_many(ids, file_limit(), list(unknown.values()), learn)
        self._kept = kept
        if unknown:
            # Only the blobs there now: the memo stays the size of the field.
            memo = "".join(f"{blob} {shas[blob]}\n" for blob in blobs.values())
            with tempfile.NamedTemporaryFile("w", dir=self.cache, delete=False, encoding="ascii") as tmp:
                tmp.write(memo)
            os.replace(tmp.name, self.cache / _SHA256_MEMO)
        return [shas[blob] for blob in blobs.values()]

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
        return self._blob(name, entries[name][0])

    def fetch_whole(
        self, manifest: Manifest, names: list[str], each: Callable[[str, bytes], object], scratch: Path
    ) -> bool:
        """The files of the version fetch_manifest answered, read through one
        cat-file process in one stream (not a request each), each checked
        against the manifest before it is written."""
        tree = self._field_tree()
        data = self._manifests.get(tree) if tree else None
        if tree is None or data is None:
            return False
        entries = self._entries(tree)
        there = Manifest.parse(data, where=f"{self.url}: SHA256SUMS")
        if there != manifest or any(n not in entries or n not in manifest for n in names):
            return False
        kept, self._kept = self._kept, {}

        def write(name: str, body: bytes, sha: str | None = None) -> None:
            if (sha or sha256_hex(body)) != manifest[name]:
                raise IntegrityError(f"{self.url}: {name!r} does not match its SHA256SUMS hash; nothing was applied")
            each(name, body)

        unread = [n for n in names if entries[n][0] not in kept]
        shas = self._shas or {}
        for name in names:
            blob = entries[name][0]
            if blob in kept:
                write(name, kept[blob], shas.get(blob))  # hashed as it was kept: these very bytes
        self._objects.read_many(
            [entries[n][0] for n in unread], file_limit(), unread, lambda i, body: write(unread[i], body)
        )
        return True

    def fetch_derived(self, name: str, sink: BinaryIO, max_bytes: int) -> bool:
        tree = self._field_tree() if self._fetched or self._update() else None
        entry = self._entries(tree).get(name) if tree else None
        if entry is None:
            return False
        if not self._objects.read_to(entry[0], sink, max_bytes, name):
            raise RemoteError(f"{self.url}: {name!r} is missing from the cache; run again to refetch it")
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

    def close(self) -> None:
        self._objects.close()

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
            commit, tree = self._commit_on_remote_head(puts, deletes, message)
            code, _, stderr = self._network("push", "--progress", "origin", f"{commit}:refs/heads/{self.ref}")
            if code == 0:
                # The push moved refs/remotes/origin/REF to our commit (origin's fetch refspec maps it).
                self._head, self._tree = commit, tree
                return tree
            failed = RemoteError(f"{self.url}: git push failed: {last_line(stderr)}")
            try:
                self._fetch_locked()
            except RemoteError:
                raise failed from None
            self._field_tree()
            if self._head != commit:
                if not any(s in stderr for s in ("rejected", "fetch first", "non-fast-forward", "stale info")):
                    raise failed
                continue  # someone else pushed: go again on their head if the field is untouched
            # Our commit is the remote's head: the push landed and only its answer was lost.
            assert self._tree
            return self._tree
        raise PullFirst(f"{self.url}: the repository keeps moving; pull first and try again")

    def _commit_on_remote_head(self, puts: dict[str, bytes], deletes: set[str], message: str) -> tuple[str, str]:
        """One commit on top of the remote head that changes only files in the field's
        folder, written with one ``git fast-import`` (blobs, trees and the commit in
        one pack; nothing checked out, so nothing written through a link): (commit, field tree)."""
        field_tree = self._field_tree()
        parent = self._head
        old = self._entries(field_tree) if field_tree else {}
        author, committer = self._identity()
        prefix = f"{self.path}/" if self.path else ""
        commit_mark = len(puts) + 1
        text = message.encode("utf-8", "surrogateescape")
        changes = [f"D {_quote(prefix + n)}\n" for n in sorted(deletes) if n in old and n not in puts]
        changes += [
            f"M {old[n][1] if n in old else '100644'} :{mark} {_quote(prefix + n)}\n"
            for mark, n in enumerate(puts, start=1)
        ]
        commit = b"".join(
            [
                f"reset {_SCRATCH_REF}\ncommit {_SCRATCH_REF}\nmark :{commit_mark}\n".encode(),
                f"author {author}\ncommitter {committer}\n".encode("utf-8", "surrogateescape"),
                b"data %d\n%s\n" % (len(text), text),
                f"from {parent}\n".encode() if parent else b"",
                "".join(changes).encode("utf-8", "surrogateescape"),
                # A blank line ends the commit; then ask for the field's tree and the commit's id.
                f"\nls :{commit_mark} {_quote(self.path)}\nget-mark :{commit_mark}\n".encode(
                    "utf-8", "surrogateescape"
                ),
            ]
        )
        lines = self._fast_import(puts.values(), commit).splitlines()
        if len(lines) != 2 or not lines[0].startswith("040000 tree "):
            raise RemoteError(f"{self.url}: git fast-import answered {lines!r}")
        return lines[1].strip(), lines[0].split()[2]

    def _fast_import(self, blobs: Iterable[bytes], tail: bytes) -> str:
        """Feed ``blobs`` (marks 1, 2, …) and then ``tail`` to one ``git fast-import``
        of the cache; what it answered on stdout."""
        self._ensure_cache()
        with tempfile.TemporaryFile() as errors:  # a file, not a pipe: git never waits on us to read it
            # Kept as the one pack it wrote: by default a small import is exploded into loose objects.
            argv = ["git", "--git-dir", str(self.cache), "-c", "fastimport.unpackLimit=0", "fast-import"]
            argv += ["--quiet", "--force"]
            try:
                proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=errors)
            except OSError as exc:
                raise RemoteError(f"{self.url}: cannot run git: {exc.strerror}") from exc
            assert proc.stdin is not None and proc.stdout is not None
            try:
                for mark, data in enumerate(blobs, start=1):
                    proc.stdin.write(b"blob\nmark :%d\ndata %d\n" % (mark, len(data)))
                    proc.stdin.write(data)
                    proc.stdin.write(b"\n")
                proc.stdin.write(tail)
                proc.stdin.close()
            except BrokenPipeError:
                pass  # git stopped reading: its error says why
            answer = proc.stdout.read()  # two short lines: they never fill the pipe while we write
            self._moved()  # new objects in a new pack
            if proc.wait() != 0:
                errors.seek(0)
                error = errors.read().decode("utf-8", "replace")
                raise RemoteError(f"{self.url}: git fast-import failed: {last_line(error)}")
        # Each push leaves a pack, and a cache whose remote never moves is never fetched
        # into, so git's own upkeep (run after a fetch) is run here once they pile up.
        if sum(n.endswith(".pack") for n in os.listdir(self.cache / "objects" / "pack")) > _PACKS_BEFORE_UPKEEP:
            self._git("maintenance", "run", "--auto", "--quiet")
        return answer.decode("utf-8", "surrogateescape")

    def _identity(self) -> tuple[str, str]:
        """(author, committer) as git would write them: the user's git identity when
        set (git honours GIT_CONFIG_GLOBAL, GIT_AUTHOR_* and friends), else memsync's."""
        found = self._idents(self._git("var", "-l"))
        if found is None:
            fallback = self._git("-c", "user.name=memsync", "-c", "user.email=memsync@localhost", "var", "-l")
            found = self._idents(fallback)
        if found is None:
            raise RemoteError(f"{self.url}: git var did not name an author")
        return found

    @staticmethod
    def _idents(listing: str) -> tuple[str, str] | None:
        values: dict[str, str] = {}
        for line in listing.splitlines():
            key, sep, value = line.partition("=")
            if sep:
                values[key] = value  # the last one wins: git lists the identities after the config
        if not (values.get("user.name") and values.get("user.email")):
            return None
        author, committer = values.get("GIT_AUTHOR_IDENT"), values.get("GIT_COMMITTER_IDENT")
        return (author, committer) if author and committer else None


def _quote(path: str) -> str:
    """A path as fast-import reads it: C-style quoted when it starts with a quote or holds a newline."""
    if not path.startswith('"') and "\n" not in path:
        return path
    return '"' + path.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


class _GitWriter(Writer):
    def __init__(self, remote: GitRemote, seen: str | None) -> None:
        self.remote = remote
        self.seen = seen
        self.puts: dict[str, bytes] = {}
        self.deletes: set[str] = set()

    def put(self, name: str, data: bytes, was: str | None, sha: str | None = None) -> None:
        self.puts[name] = data

    def delete_many(self, gone: Mapping[str, str | None]) -> None:
        self.deletes.update(gone)

    def commit(self, manifest: bytes, sidecars: Mapping[str, bytes], message: str) -> str:
        puts = {**self.puts, **sidecars, MANIFEST_NAME: manifest}
        deletes = self.deletes | {n for n in SIDECAR_NAMES if n not in sidecars}
        return self.remote._commit_and_push(puts, deletes, message, self.seen)


def _origin(url: str) -> tuple[str, str, int | None]:
    parts = urlsplit(url)
    return parts.scheme, (parts.hostname or "").lower(), parts.port or {"http": 80, "https": 443}.get(parts.scheme)


def _without_userinfo(url: str) -> tuple[str, str | None]:
    """(``url`` without its userinfo, ``USER:PASSWORD`` or None when it has no
    password): for http(s), where git would send a password as HTTP Basic anyway,
    and a lone user name may be a token."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or "@" not in parts.netloc:
        return url, None
    host = parts.netloc.rpartition("@")[2]
    login = None if parts.password is None else f"{unquote(parts.username or '')}:{unquote(parts.password)}"
    return parts._replace(netloc=host).geturl(), login
