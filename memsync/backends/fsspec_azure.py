"""Azure Blob Storage: ``az://CONTAINER/PREFIX`` and ``abfs://CONTAINER/PREFIX``
(also ``abfs://CONTAINER@ACCOUNT.dfs.core.windows.net/PREFIX``), fsspec's forms.

adlfs finds the account and credentials as it does for every fsspec user
(``-o account_name=``, ``account_key``, ``sas_token``, ``connection_string``
or ``$AZURE_STORAGE_CONNECTION_STRING``, ``$AZURE_STORAGE_ACCOUNT_NAME`` and
friends, else Azure's default credential chain). The field's objects are then
driven through adlfs's own azure-storage-blob client, because Blob Storage
has what fsspec does not expose: conditional requests. ``If-None-Match: *``
creates the lock, ``If-Match: ETag`` replaces ``SHA256SUMS`` and drops the
lock, and ``If-None-Match: ETag`` makes a no-op sync one request answered 304
— the same guarantee as S3 (``conditional = True``).
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Iterator, Mapping
from typing import Any, ClassVar
from urllib.parse import unquote, urlsplit

from memsync.errors import RemoteError, WorkspaceError
from memsync.limits import MIN_RATE

from .base import (
    CHUNK,
    FIELD_OPTIONS,
    NOT_MODIFIED,
    Entry,
    Listed,
    NotFound,
    NotModified,
    Opened,
    Option,
    PreconditionFailed,
    TimedOut,
)
from .fsspec_store import FsspecStore

#: The first request of a download takes at most this much (the rest come in CHUNKs).
FIRST = 64 * 1024


class AzureStore(FsspecStore):
    conditional: ClassVar[bool] = True
    EXTRA = "azure"
    MODULES = ("adlfs", "azure.storage.blob")
    HAS_DIRS = False
    ATOMIC_WRITES = True
    OPTIONS: ClassVar[Mapping[str, Option]] = {
        **FIELD_OPTIONS,
        "account_name": Option("the storage account (default $AZURE_STORAGE_ACCOUNT_NAME)"),
        "account_key": Option("the account's key (default $AZURE_STORAGE_ACCOUNT_KEY)", secret=True),
        "sas_token": Option("a shared access signature (default $AZURE_STORAGE_SAS_TOKEN)", secret=True),
        "connection_string": Option(
            "a whole connection string, e.g. for Azurite (default $AZURE_STORAGE_CONNECTION_STRING)", secret=True
        ),
        "account_host": Option("the blob endpoint's host, for sovereign clouds and private endpoints"),
    }

    def _root_path(self) -> str:
        parts = urlsplit(self.url)
        container, _, account = parts.netloc.partition("@")
        if not container:
            raise WorkspaceError(f"{self.url}: expected az://CONTAINER/PREFIX")
        self.container = container
        self.account_from_url = account.split(".", 1)[0] if account else None
        self.prefix = unquote(parts.path).strip("/")
        return f"{container}/{self.prefix}" if self.prefix else container

    def _make_fs(self) -> Any:
        from adlfs import AzureBlobFileSystem

        kwargs: dict[str, Any] = {
            "skip_instance_cache": True,
            "connection_timeout": int(self.timeout),
            "read_timeout": int(self.timeout),
        }
        if self.account_from_url:
            kwargs["account_name"] = self.account_from_url
        for key in ("account_name", "account_key", "sas_token", "connection_string", "account_host"):
            if self.options.get(key):
                kwargs[key] = self.options[key]
        fs = AzureBlobFileSystem(**kwargs)
        # The SDK waits 15 s and more between retries, and retries a refused
        # connection three times: a command line should answer in seconds.
        retry = fs.service_client._config.retry_policy
        retry.initial_backoff, retry.increment_base, retry.random_jitter_range = 0.2, 2, 0.2
        retry.connect_retries = 1
        return fs

    def key(self, name: str) -> str:
        return f"{self.prefix}/{name}" if self.prefix else name

    def where(self, name: str) -> str:
        return f"az://{self.container}/{self.key(name)}"

    def _run(self, where: str, make: Any, *, seconds: float | None = None) -> Any:
        """Run an azure-storage-blob coroutine on adlfs's event loop, cancelled at
        its deadline (the SDK's socket timeouts restart with every byte); one
        line per failure."""
        from fsspec.asyn import sync

        limit = seconds if seconds is not None else self.timeout * 4
        return self._call(where, sync, self.fs.loop, make, timeout=max(limit, 0.001))

    def _blob(self, name: str) -> Any:
        client = self.fs.service_client.get_blob_client(self.container, self.key(name))
        # Downloads arrive in small pieces, so the byte limit and the deadline
        # see them (the SDK's default first request takes 32 MiB).
        client._config.max_single_get_size = FIRST
        client._config.max_chunk_get_size = CHUNK
        return client

    def _explain(self, where: str, exc: BaseException) -> RemoteError | None:
        from azure.core import exceptions as az

        code = getattr(exc, "error_code", None)
        code = str(getattr(code, "value", code) or "")
        status = getattr(exc, "status_code", None)
        if isinstance(exc, az.ResourceNotModifiedError):
            return _NotModified(f"{where}: not modified")
        if isinstance(exc, az.ResourceModifiedError | az.ResourceExistsError):
            return PreconditionFailed(f"{where}: precondition failed")
        if isinstance(exc, az.ResourceNotFoundError):
            if code == "ContainerNotFound":
                return RemoteError(f"{where}: container {self.container!r} does not exist")
            return NotFound(f"{where}: not found")
        if isinstance(exc, az.ClientAuthenticationError) or status in (401, 403):
            if code == "AuthorizationPermissionMismatch" or "Permission" in code:
                return RemoteError(f"{where}: access denied ({code})")
            why = code or (f"HTTP {status}" if status else "-o account_key=, sas_token= or connection_string=")
            return RemoteError(f"{where}: credentials missing or rejected ({why})")
        if isinstance(exc, az.ServiceRequestTimeoutError | az.ServiceResponseTimeoutError | TimeoutError):
            return TimedOut(f"{where}: Azure Blob Storage did not answer in time")
        if isinstance(exc, az.ServiceRequestError):
            return RemoteError(f"{where}: cannot reach Azure Blob Storage ({type(exc).__name__})")
        if isinstance(exc, az.HttpResponseError):
            return RemoteError(f"{where}: Azure error {code or status}")
        if isinstance(exc, ValueError) and "connect" in str(exc):
            return RemoteError(f"{where}: no Azure account or credentials found (-o account_name=, connection_string)")
        return None

    # -- the store ------------------------------------------------------------------

    def exists(self) -> bool:
        return bool(self.list())

    def _open(self, name: str, if_none_match: str | None, max_bytes: int) -> Opened | NotModified:
        from azure.core import MatchConditions

        where = self.where(name)
        condition: dict[str, Any] = {}
        if if_none_match:
            condition = {"etag": if_none_match, "match_condition": MatchConditions.IfModified}

        async def start() -> Any:
            return await self._blob(name).download_blob(**condition)

        began = time.monotonic()
        try:
            stream = self._run(where, start, seconds=self.timeout + FIRST / MIN_RATE)
        except (_NotModified, PreconditionFailed):
            # The read's only condition is If-None-Match: failing it means "not modified"
            # (Azure answers 304; Azurite and the SDK call it ConditionNotMet).
            return NOT_MODIFIED
        chunks: AsyncIterator[bytes] = stream.chunks()
        return Opened(str(stream.properties.etag), stream.size, self._pieces(where, chunks, began))

    def _pieces(self, where: str, chunks: AsyncIterator[bytes], began: float) -> Iterator[bytes]:
        async def step() -> bytes | None:
            try:
                return await chunks.__anext__()
            except StopAsyncIteration:
                return None

        got = 0
        while True:
            # The deadline Store.read keeps, applied to each piece while it waits.
            left = began + self.timeout + (got + CHUNK) / MIN_RATE - time.monotonic()
            piece = self._run(where, step, seconds=left)
            if piece is None:
                return
            got += len(piece)
            yield piece

    def list(self) -> list[Entry]:
        prefix = f"{self.prefix}/" if self.prefix else ""

        async def walk() -> list[Entry]:
            listed = Listed(self.url)
            container = self.fs.service_client.get_container_client(self.container)
            async for item in container.walk_blobs(name_starts_with=prefix, delimiter="/"):
                if item.name.endswith("/"):
                    listed.add((), 1)  # a "folder" (BlobPrefix): fields are flat
                else:
                    listed.add([Entry(item.name[len(prefix) :], item.size, f'"{str(item.etag).strip(chr(34))}"')])
            return listed.entries

        return list(self._run(self.url, walk))

    def put(self, name: str, data: bytes, *, if_match: str | None = None, if_absent: bool = False) -> str:
        from azure.core import MatchConditions

        condition: dict[str, Any] = {"overwrite": not if_absent}
        if if_match:
            condition.update(etag=if_match, match_condition=MatchConditions.IfNotModified)

        async def upload() -> Any:
            return await self._blob(name).upload_blob(data, **condition)

        return str(self._run(self.where(name), upload, seconds=2 * self.timeout + len(data) / MIN_RATE)["etag"])

    def delete(self, name: str, *, if_match: str | None = None) -> None:
        from azure.core import MatchConditions

        condition: dict[str, Any] = {}
        if if_match:
            condition = {"etag": if_match, "match_condition": MatchConditions.IfNotModified}

        async def remove() -> None:
            await self._blob(name).delete_blob(**condition)

        try:
            self._run(self.where(name), remove)
        except NotFound:
            if if_match:
                raise

    def content_token(self, sha256: str) -> str | None:
        return None


class _NotModified(RemoteError):
    pass
