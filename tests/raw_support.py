"""A remote field's files as another tool sees them: read and written without
memsync (the contract suite and the fsspec servers' tests share these)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from pathlib import Path

from memsync.manifest import Manifest, sha256_hex
from memsync.names import MANIFEST_NAME


class Raw(ABC):
    """A remote field's files as they are, read and written without memsync."""

    @abstractmethod
    def files(self) -> dict[str, bytes]:
        """Every file of the field (content and memsync's own; hidden ones left out)."""

    @abstractmethod
    def write(self, files: Mapping[str, bytes | None]) -> None:
        """Change these files (None deletes), in this order, as one step where the remote has steps."""

    def publish(self, files: Mapping[str, bytes]) -> None:
        """Make the field hold exactly ``files`` and a true SHA256SUMS, written last."""
        stale = {n: None for n in self.files() if n not in files and n != MANIFEST_NAME}
        manifest = Manifest({n: sha256_hex(d) for n, d in files.items()}).to_bytes()
        self.write({**stale, **files, MANIFEST_NAME: manifest})


class FolderRaw(Raw):
    def __init__(self, root: Path) -> None:
        self.root = root

    def files(self) -> dict[str, bytes]:
        if not self.root.is_dir():
            return {}
        return {p.name: p.read_bytes() for p in sorted(self.root.iterdir()) if p.is_file() and p.name[0] != "."}

    def write(self, files: Mapping[str, bytes | None]) -> None:
        self.root.mkdir(parents=True, exist_ok=True)
        for name, data in files.items():
            if data is None:
                (self.root / name).unlink(missing_ok=True)
            else:
                (self.root / name).write_bytes(data)
