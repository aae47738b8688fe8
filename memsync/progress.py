"""Progress reporting for long transfers: a tqdm bar on a terminal, silence elsewhere."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from typing import Protocol


class Progress(Protocol):
    def update(self, n: int = 1) -> object: ...


class ProgressFactory(Protocol):
    """Makes the bar for one job: ``total`` things of ``unit``, ``"file"`` or bytes (``"B"``)."""

    def __call__(self, total: int, desc: str, unit: str = "file") -> AbstractContextManager[Progress]: ...


#: A transfer counts bytes from this much on: a few big pages say nothing in files.
BYTES_FROM = 4 * 1024 * 1024


class _Silent:
    def update(self, n: int = 1) -> None:
        pass


_hushed = False


def hush() -> None:
    """No bars from here on in this process (the CLI's -q: errors only)."""
    global _hushed
    _hushed = True


@contextmanager
def silent(total: int, desc: str, unit: str = "file") -> Iterator[Progress]:
    yield _Silent()


@contextmanager
def terminal_bar(total: int, desc: str, unit: str = "file") -> Iterator[Progress]:
    """A bar (drawn on stderr) when stdout is a terminal and the job is big enough to watch:
    20 files, or ``BYTES_FROM`` bytes (with rate and time left)."""
    if _hushed or total < (BYTES_FROM if unit == "B" else 20) or not sys.stdout.isatty():
        yield _Silent()
        return
    from tqdm import tqdm

    with tqdm(total=total, desc=desc, unit=unit, unit_scale=unit == "B", unit_divisor=1024, leave=False) as bar:
        yield bar
