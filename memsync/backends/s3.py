"""S3 and S3-compatible stores: ``s3://bucket/prefix``.

The field is laid out in place as a plain memoryfield (``prefix/page.md``,
``prefix/SHA256SUMS``) so other tools read it directly. Conditions map to
S3's conditional requests, which AWS, MinIO, R2 and GCS's S3 API honour:
``If-None-Match: *`` on create, ``If-Match: ETag`` on replace and delete,
``If-None-Match: ETag`` on read (a no-op pull is one request answered 304).

Options: ``endpoint_url``, ``region``, ``profile``, ``lock_ttl`` (seconds);
credentials come from the standard AWS chain and are never printed or stored.
"""

from __future__ import annotations

import builtins
import os
import threading
from collections.abc import Iterator, Mapping
from typing import Any, BinaryIO, ClassVar

from memsync.errors import RemoteError, WorkspaceError
from memsync.limits import HEAD_DEADLINE

from .base import (
    CHUNK,
    FIELD_OPTIONS,
    NOT_MODIFIED,
    Denied,
    Entry,
    Listed,
    NotFound,
    NotModified,
    Opened,
    Option,
    PreconditionFailed,
    Store,
    TimedOut,
    TransferFailed,
    listing_seconds,
    within,
)

_DELETE_BATCH = 1000
_PAGE = 1000  # keys an answer to list_objects_v2 names at most
# Bodies from this size wait for the server's "100 Continue": sending a page that
# a precondition refuses costs less than a round trip, sending an archive does not.
EXPECT_MIN = 1 << 20


class S3Store(Store):
    keeps_whole = True  # a request costs more than the bytes of a page
    OPTIONS: ClassVar[Mapping[str, Option]] = {
        "endpoint_url": Option("the S3 endpoint, for MinIO, R2, GCS or a private server"),
        "region": Option("the bucket's region"),
        "profile": Option("a profile from ~/.aws/config and ~/.aws/credentials"),
        **FIELD_OPTIONS,
    }

    def __init__(self, url: str, options: Mapping[str, str] | None = None) -> None:
        super().__init__(url, options)
        rest = url[len("s3://") :]
        self.bucket, _, prefix = rest.partition("/")
        if not self.bucket:
            raise WorkspaceError(f"{url}: expected s3://BUCKET/PREFIX")
        self.prefix = prefix.strip("/")
        self._client: Any = None
        self._client_lock = threading.Lock()

    @property
    def client(self) -> Any:
        with self._client_lock:
            if self._client is None:
                self._client = _make_client(self.url, self.options, self.timeout)
            return self._client

    def key(self, name: str) -> str:
        return f"{self.prefix}/{name}" if self.prefix else name

    def where(self, name: str) -> str:
        return f"s3://{self.bucket}/{self.key(name)}"

    def _call(self, operation: str, name: str = "", **kwargs: Any) -> Any:
        """One S3 call; every failure becomes one line that names the remote."""
        import botocore.exceptions as bce

        where = self.where(name) if name else self.url
        try:
            return getattr(self.client, operation)(Bucket=self.bucket, **kwargs)
        except bce.ClientError as exc:
            raise _explain(where, exc) from exc
        except bce.NoCredentialsError as exc:
            raise RemoteError(f"{where}: no AWS credentials found (environment, profile or instance role)") from exc
        except (bce.ConnectTimeoutError, bce.ReadTimeoutError) as exc:
            raise TimedOut(f"{where}: the S3 endpoint did not answer in time") from exc
        except bce.EndpointConnectionError as exc:
            endpoint = getattr(self.client.meta, "endpoint_url", None) or "AWS"
            raise RemoteError(f"{where}: cannot reach the S3 endpoint {endpoint} ({type(exc).__name__})") from exc
        except bce.BotoCoreError as exc:
            raise RemoteError(f"{where}: {exc}") from exc

    # -- the store ------------------------------------------------------------------

    def exists(self) -> bool:
        self._call("head_bucket")
        return bool(self.list())

    def _open(self, name: str, if_none_match: str | None, max_bytes: int) -> Opened | NotModified:
        extra = {"IfNoneMatch": if_none_match} if if_none_match else {}
        try:
            # botocore answers once the head is in, which its timeouts let drip for ever.
            head = HEAD_DEADLINE * self.timeout
            answer = within(self.where(name), head, self._call, "get_object", name, Key=self.key(name), **extra)
        except _NotModified:
            return NOT_MODIFIED
        body = answer["Body"]
        return Opened(answer["ETag"], answer.get("ContentLength"), self._chunks(name, body), body.close)

    def _chunks(self, name: str, body: Any) -> Iterator[bytes]:
        # read1 hands over whatever arrived, so the deadline above sees a drip;
        # StreamingBody.read(n) would wait for n bytes first.
        raw = getattr(body, "_raw_stream", None)
        read = raw.read1 if raw is not None and hasattr(raw, "read1") else body.read
        try:
            while chunk := read(CHUNK):
                yield chunk
        except _stream_errors() as exc:
            if "timed out" in str(exc).lower():
                raise TimedOut(f"{self.where(name)}: the S3 endpoint stopped sending") from exc
            raise TransferFailed(f"{self.where(name)}: transfer keeps failing ({type(exc).__name__})") from exc

    def list(self) -> list[Entry]:
        listed = Listed(self.url)
        token: dict[str, str] = {}
        prefix = f"{self.prefix}/" if self.prefix else ""
        seconds = listing_seconds(self.timeout, _PAGE)
        while True:
            page = within(self.url, seconds, self._call, "list_objects_v2", Prefix=prefix, Delimiter="/", **token)
            found = (Entry(o["Key"][len(prefix) :], o.get("Size"), o.get("ETag")) for o in page.get("Contents", ()))
            listed.add(found, len(page.get("CommonPrefixes", ())))
            if not page.get("IsTruncated"):
                return listed.entries
            token = {"ContinuationToken": page["NextContinuationToken"]}

    def put(self, name: str, data: bytes, *, if_match: str | None = None, if_absent: bool = False) -> str:
        condition = {"IfMatch": if_match} if if_match else {"IfNoneMatch": "*"} if if_absent else {}
        return str(self._call("put_object", name, Key=self.key(name), Body=data, **condition)["ETag"])

    def put_file(
        self, name: str, source: BinaryIO, size: int, *, if_match: str | None = None, if_absent: bool = False
    ) -> str:
        condition = {"IfMatch": if_match} if if_match else {"IfNoneMatch": "*"} if if_absent else {}
        source.seek(0)
        # botocore streams a file body (and rewinds it for a retry) instead of holding it.
        answer = self._call("put_object", name, Key=self.key(name), Body=source, ContentLength=size, **condition)
        return str(answer["ETag"])

    def delete(self, name: str, *, if_match: str | None = None) -> None:
        self._call("delete_object", name, Key=self.key(name), **({"IfMatch": if_match} if if_match else {}))

    def delete_many(self, names: builtins.list[str]) -> None:
        for start in range(0, len(names), _DELETE_BATCH):
            batch = [{"Key": self.key(n)} for n in names[start : start + _DELETE_BATCH]]
            answer = self._call("delete_objects", Delete={"Objects": batch, "Quiet": True})
            if answer.get("Errors"):
                first = answer["Errors"][0]
                raise RemoteError(f"{self.url}: cannot delete {first.get('Key')}: {first.get('Message')}")


class _NotModified(RemoteError):
    pass


def _explain(where: str, exc: Any) -> RemoteError:
    error = exc.response.get("Error", {})
    code = str(error.get("Code", ""))
    status = exc.response.get("ResponseMetadata", {}).get("HTTPStatusCode")
    if code in ("304", "NotModified") or status == 304:
        return _NotModified(f"{where}: not modified")
    if code in ("NoSuchKey", "404", "NotFound"):
        return NotFound(f"{where}: not found")
    if code in ("PreconditionFailed", "412", "ConditionalRequestConflict") or status in (409, 412):
        return PreconditionFailed(f"{where}: precondition failed")
    if code == "NoSuchBucket":
        bucket = where.removeprefix("s3://").split("/", 1)[0]
        return RemoteError(
            f"{where}: bucket does not exist; memsync does not create buckets: make it (aws s3 mb s3://{bucket}) "
            f"or check the name and endpoint_url (memsync remote list FIELD -v)"
        )
    if code in ("InvalidAccessKeyId", "SignatureDoesNotMatch", "ExpiredToken", "InvalidToken"):
        return RemoteError(f"{where}: credentials rejected ({code})")
    if code in ("AccessDenied", "403", "Forbidden") or status == 403:
        return Denied(f"{where}: access denied")
    return RemoteError(f"{where}: S3 error {code or status}: {error.get('Message', '')}".rstrip(": "))


def _stream_errors() -> tuple[type[BaseException], ...]:
    import botocore.exceptions as bce
    import urllib3.exceptions

    return (bce.BotoCoreError, urllib3.exceptions.HTTPError, OSError)


def _make_client(url: str, options: Mapping[str, str], timeout: float) -> Any:
    """One boto3 client per configuration and process: building one costs about
    40 ms of CPU, which a watcher polling every 30 s paid on every poll. The
    AWS_* environment is part of the key, so new credentials get a new client."""
    aws = tuple(sorted((k, v) for k, v in os.environ.items() if k.startswith("AWS_")))
    key = (options.get("profile"), options.get("endpoint_url"), options.get("region"), timeout, aws)
    with _CLIENTS_LOCK:
        client = _CLIENTS.get(key)
        if client is None:
            client = _CLIENTS[key] = _new_client(url, options, timeout)
        return client


_CLIENTS: dict[tuple[Any, ...], Any] = {}
_CLIENTS_LOCK = threading.Lock()


def _new_client(url: str, options: Mapping[str, str], timeout: float) -> Any:
    # botocore itself, not boto3: boto3's session adds nothing memsync uses and
    # its S3 client imports s3transfer (about 50 ms of every process start).
    import botocore.exceptions as bce
    import botocore.session
    from botocore.config import Config

    config = Config(
        retries={"total_max_attempts": 4, "mode": "standard"},  # four in all, the first one included
        max_pool_connections=32,
        connect_timeout=timeout,
        read_timeout=timeout,
        # No CRC32 of every body each way (botocore's default since 1.36): every
        # page read is checked against its sha256 in SHA256SUMS, and a PUT without
        # a checksum header has its payload's sha256 signed, which S3 verifies.
        request_checksum_calculation="when_required",
        response_checksum_validation="when_required",
    )
    session = botocore.session.Session(profile=options.get("profile") or None)
    # memsync never reads LastModified: keep it the string it came as instead of
    # parsing a date with dateutil in every GET and for every listed object.
    session.get_component("response_parser_factory").set_parser_defaults(timestamp_parser=str)
    try:
        client = session.create_client(
            "s3",
            endpoint_url=options.get("endpoint_url") or None,
            region_name=options.get("region") or None,
            config=config,
        )
    except bce.ProfileNotFound:
        raise WorkspaceError(f"{url}: no AWS profile {options.get('profile')!r} (see ~/.aws/config)") from None
    except ValueError as exc:  # botocore's word for an endpoint_url it cannot use
        hint = "memsync remote set-option FIELD REMOTE endpoint_url=http(s)://HOST[:PORT]"
        raise WorkspaceError(f"{url}: {exc} ({hint})") from None
    # Registered after botocore's own handler for the same event, so it runs after it.
    client.meta.events.register("before-call.s3", _send_small_bodies_at_once)
    return client


def _send_small_bodies_at_once(params: dict[str, Any], **_: Any) -> None:
    """botocore asks every PutObject to wait for "100 Continue" before its body:
    a round trip per page, to save sending a few KB the server might refuse.
    A body under EXPECT_MIN goes with its headers; a large one still waits."""
    from botocore.utils import determine_content_length

    headers = params.get("headers", {})
    if "Expect" in headers:
        size = determine_content_length(params.get("body"))
        if size is not None and size < EXPECT_MIN:
            del headers["Expect"]
