"""S3 and S3-compatible stores: ``s3://bucket/prefix``.

The field is laid out in place as a plain memoryfield (``prefix/page.md``,
``prefix/SHA256SUMS``) so other tools read it directly. Writers coordinate
with conditional writes only, which AWS, MinIO, R2 and GCS's S3 API honour:

- a lock object ``prefix/.memsync-lock`` created with ``If-None-Match: *``
  (holder, host, pid, expiry); an expired lock, or one whose holder process is
  gone from this host, may be broken (deleted with ``If-Match`` its ETag);
- pages are written in parallel, removed ones deleted in batches;
- ``SHA256SUMS`` is replaced with ``If-Match: <the ETag the push planned
  against>`` (``If-None-Match: *`` for a new field), so even a writer that
  ignored the lock cannot overwrite an update it never saw;
- the lock is released with ``If-Match`` its own ETag.

Readers fetch ``SHA256SUMS`` with ``If-None-Match`` (a no-op pull is one
request answered 304). Options per remote: ``endpoint_url``, ``region``,
``profile``, ``lock_ttl`` (seconds); credentials come from the standard AWS
chain and are never printed or stored.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import threading
import time
import uuid
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any

from memsync.errors import PullFirst, RemoteError
from memsync.names import MANIFEST_NAME, SIGNATURE_NAME

from .base import NOT_MODIFIED, Backend, ManifestFile, NotModified, Writer, writer_alive

LOCK_NAME = ".memsync-lock"
DEFAULT_LOCK_TTL = 120.0
LOCK_WAIT_SECONDS = 60.0
READ_ATTEMPTS = 4
_DELETE_BATCH = 1000


class S3Backend(Backend):
    def __init__(self, url: str, options: Mapping[str, str] | None = None) -> None:
        super().__init__(url, options)
        rest = url[len("s3://") :]
        self.bucket, _, prefix = rest.partition("/")
        if not self.bucket:
            raise RemoteError(f"{url}: expected s3://BUCKET/PREFIX")
        self.prefix = prefix.strip("/")
        self.lock_ttl = float(self.options.get("lock_ttl", DEFAULT_LOCK_TTL))
        self._client: Any = None
        self._client_lock = threading.Lock()

    # -- plumbing ---------------------------------------------------------------

    @property
    def client(self) -> Any:
        with self._client_lock:
            if self._client is None:
                self._client = _make_client(self.options)
            return self._client

    def key(self, name: str) -> str:
        return f"{self.prefix}/{name}" if self.prefix else name

    def _call(self, operation: str, **kwargs: Any) -> Any:
        """One S3 call; every failure becomes one line that names the remote."""
        import botocore.exceptions as bce

        try:
            return getattr(self.client, operation)(Bucket=self.bucket, **kwargs)
        except bce.ClientError as exc:
            raise _explain(self.url, exc) from None
        except bce.NoCredentialsError:
            raise RemoteError(f"{self.url}: no AWS credentials found (environment, profile or instance role)") from None
        except (bce.EndpointConnectionError, bce.ConnectTimeoutError, bce.ReadTimeoutError) as exc:
            raise RemoteError(f"{self.url}: cannot reach the S3 endpoint ({type(exc).__name__})") from None
        except bce.BotoCoreError as exc:
            raise RemoteError(f"{self.url}: {exc}") from None

    # -- reading ----------------------------------------------------------------

    def exists(self) -> bool:
        self._call("head_bucket")
        return bool(self.list_names())

    def fetch_manifest(self, if_none_match: str | None = None) -> ManifestFile | NotModified | None:
        extra = {"IfNoneMatch": if_none_match} if if_none_match else {}
        try:
            answer = self._call("get_object", Key=self.key(MANIFEST_NAME), **extra)
        except _NotModified:
            return NOT_MODIFIED
        except _Missing:
            return None
        try:
            data = answer["Body"].read()
        except _stream_errors():
            data = self._read("get_object", Key=self.key(MANIFEST_NAME), IfMatch=answer["ETag"])
        try:
            signature: bytes | None = self._read("get_object", Key=self.key(SIGNATURE_NAME))
        except _Missing:
            signature = None
        return ManifestFile(data, answer["ETag"], signature)

    def list_names(self) -> list[str]:
        names = []
        token: dict[str, str] = {}
        prefix = f"{self.prefix}/" if self.prefix else ""
        while True:
            page = self._call("list_objects_v2", Prefix=prefix, Delimiter="/", **token)
            names += [obj["Key"][len(prefix) :] for obj in page.get("Contents", ())]
            if not page.get("IsTruncated"):
                return sorted(names)
            token = {"ContinuationToken": page["NextContinuationToken"]}

    def get(self, name: str) -> bytes:
        try:
            return self._read("get_object", Key=self.key(name))
        except _Missing:
            raise RemoteError(f"{self.url}: {name!r} is listed but missing") from None

    def _read(self, operation: str, **kwargs: Any) -> bytes:
        """GET and read the body, retrying a body cut off mid-stream (botocore
        retries failed requests, not failed reads of a started response)."""
        for attempt in range(1, READ_ATTEMPTS + 1):
            answer = self._call(operation, **kwargs)
            try:
                return answer["Body"].read()
            except _stream_errors() as exc:
                if attempt == READ_ATTEMPTS:
                    raise RemoteError(f"{self.url}: transfer keeps failing ({type(exc).__name__})") from None
                time.sleep(0.1 * attempt)
        raise AssertionError("unreachable")

    def manifest_etag(self) -> str | None:
        try:
            return self._call("head_object", Key=self.key(MANIFEST_NAME))["ETag"]
        except _Missing:
            return None

    # -- writing ----------------------------------------------------------------

    @contextmanager
    def transaction(self, expected_etag: str | None) -> Iterator[Writer]:
        lock_etag, broke_stale = self._acquire_lock()
        try:
            if self.manifest_etag() != expected_etag:
                raise PullFirst(f"{self.url} changed since you last synced: pull first")
            writer = _S3Writer(self, expected_etag)
            writer.repair = broke_stale  # a stale lock is a push that died before its commit
            yield writer
        finally:
            self._release_lock(lock_etag)

    def _acquire_lock(self) -> tuple[str, bool]:
        """The lock's ETag, and whether a dead writer's lock had to be broken for it."""
        deadline = time.monotonic() + LOCK_WAIT_SECONDS
        token = uuid.uuid4().hex
        expires = time.time() + self.lock_ttl
        body = json.dumps(
            {
                "holder": os.environ.get("USER", "?"),
                "host": socket.gethostname(),
                "pid": os.getpid(),
                "token": token,
                "expires": expires,
                "expires_at": datetime.fromtimestamp(expires, UTC).isoformat(),
            }
        ).encode()
        broke = False
        while True:
            try:
                return self._call("put_object", Key=self.key(LOCK_NAME), Body=body, IfNoneMatch="*")["ETag"], broke
            except _Precondition:
                pass
            info = self.lock_info()
            if info is not None and info.get("token") == token:
                return str(info["etag"]), broke  # our own create succeeded; only its answer was lost
            if self._break_if_stale(info):
                broke = broke or info is not None
                continue
            if time.monotonic() > deadline:
                holder = info or {}
                raise RemoteError(
                    f"{self.url}: locked by {holder.get('holder', '?')}@{holder.get('host', '?')} "
                    f"until {holder.get('expires_at', '?')} (memsync unlock breaks it)"
                )
            time.sleep(0.05 + 0.1 * (uuid.uuid4().int % 10) / 10)

    def lock_info(self) -> dict[str, Any] | None:
        try:
            answer = self._call("get_object", Key=self.key(LOCK_NAME))
        except _Missing:
            return None
        try:
            info = json.loads(answer["Body"].read())
        except ValueError:
            info = {}
        if not isinstance(info, dict):
            info = {}
        info["etag"] = answer["ETag"]
        return info

    def _break_if_stale(self, info: dict[str, Any] | None) -> bool:
        if info is None:
            return True  # released meanwhile: try again at once
        if writer_alive({"expires": 0, **info}):
            return False
        return self.unlock(info["etag"])

    def unlock(self, etag: str | None = None) -> bool:
        """Delete the lock object (only if it is still the one with ``etag``, when given)."""
        if etag is None:
            info = self.lock_info()
            if info is None:
                return False  # S3 answers a delete of nothing with success: ask first
            etag = str(info["etag"])
        extra = {"IfMatch": etag}
        try:
            self._call("delete_object", Key=self.key(LOCK_NAME), **extra)
        except (_Precondition, _Missing):
            return False
        return True

    def _release_lock(self, etag: str) -> None:
        with contextlib.suppress(RemoteError):  # if this fails it expires, and the next writer breaks it
            self.unlock(etag)


class _S3Writer(Writer):
    def __init__(self, backend: S3Backend, expected_etag: str | None) -> None:
        self.backend = backend
        self.expected_etag = expected_etag

    def put(self, name: str, data: bytes) -> None:
        self.backend._call("put_object", Key=self.backend.key(name), Body=data)

    def delete(self, name: str) -> None:
        self.delete_many([name])

    def delete_many(self, names: list[str]) -> None:
        for start in range(0, len(names), _DELETE_BATCH):
            batch = [{"Key": self.backend.key(n)} for n in names[start : start + _DELETE_BATCH]]
            answer = self.backend._call("delete_objects", Delete={"Objects": batch, "Quiet": True})
            if answer.get("Errors"):
                first = answer["Errors"][0]
                raise RemoteError(f"{self.backend.url}: cannot delete {first.get('Key')}: {first.get('Message')}")

    def commit(self, manifest: bytes, signature: bytes | None, message: str) -> str:
        b = self.backend
        # The signature goes first: a reader that sees the new manifest finds its
        # signature; one that still sees the old manifest fails verification and retries.
        if signature is not None:
            b._call("put_object", Key=b.key(SIGNATURE_NAME), Body=signature)
        else:
            b._call("delete_object", Key=b.key(SIGNATURE_NAME))
        condition = {"IfMatch": self.expected_etag} if self.expected_etag else {"IfNoneMatch": "*"}
        try:
            return b._call("put_object", Key=b.key(MANIFEST_NAME), Body=manifest, **condition)["ETag"]
        except _Precondition:
            current = b.fetch_manifest()
            if isinstance(current, ManifestFile) and current.data == manifest:
                return current.etag  # a retry of our own write that had landed
            raise PullFirst(f"{b.url}: another writer committed first: pull first") from None


# -- errors ---------------------------------------------------------------------


class _NotModified(RemoteError):
    pass


class _Missing(RemoteError):
    pass


class _Precondition(RemoteError):
    pass


def _explain(url: str, exc: Any) -> RemoteError:
    error = exc.response.get("Error", {})
    code = str(error.get("Code", ""))
    status = exc.response.get("ResponseMetadata", {}).get("HTTPStatusCode")
    if code in ("304", "NotModified") or status == 304:
        return _NotModified(f"{url}: not modified")
    if code in ("NoSuchKey", "404", "NotFound") and code != "NoSuchBucket":
        return _Missing(f"{url}: not found")
    if code in ("PreconditionFailed", "412", "ConditionalRequestConflict") or status in (409, 412):
        return _Precondition(f"{url}: precondition failed")
    if code == "NoSuchBucket":
        return RemoteError(f"{url}: bucket does not exist")
    if code in ("InvalidAccessKeyId", "SignatureDoesNotMatch", "ExpiredToken", "InvalidToken"):
        return RemoteError(f"{url}: credentials rejected ({code})")
    if code in ("AccessDenied", "403", "Forbidden") or status == 403:
        return RemoteError(f"{url}: access denied")
    return RemoteError(f"{url}: S3 error {code or status}: {error.get('Message', '')}".rstrip(": "))


def _stream_errors() -> tuple[type[BaseException], ...]:
    import botocore.exceptions as bce
    import urllib3.exceptions

    return (bce.BotoCoreError, urllib3.exceptions.HTTPError, OSError)


def _make_client(options: Mapping[str, str]) -> Any:
    import boto3
    from botocore.config import Config

    session = boto3.session.Session(profile_name=options.get("profile") or None)
    config = Config(
        retries={"max_attempts": 4, "mode": "standard"},
        max_pool_connections=32,
        connect_timeout=5,
        read_timeout=30,
    )
    return session.client(
        "s3",
        endpoint_url=options.get("endpoint_url") or None,
        region_name=options.get("region") or None,
        config=config,
    )
