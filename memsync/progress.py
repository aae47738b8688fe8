"""Progress reporting for long transfers: a tqdm bar on a terminal, silence elsewhere."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from typing import Protocol


class Progress(Protocol):
    def update(self, n: int = 1) -> object: ...


class _Silent:
    def update(self, n: int = 1) -> None:
        pass


ProgressFactory = Callable[[int, str], AbstractContextManager[Progress]]
_hushed = False


def hush() -> None:
    """No bars from here on in this process (the CLI's -q: errors only)."""
    global _hushed
    _hushed = True


@contextmanager
def silent(total: int, desc: str) -> Iterator[Progress]:
    yield _Silent()


@contextmanager
def terminal_bar(total: int, desc: str) -> Iterator[Progress]:
    """A bar (drawn on stderr) when stdout is a terminal and the job is big enough to watch."""
    if _hushed or total < 20 or not sys.stdout.isatty():
        yield _Silent()
        return
    from tqdm import tqdm

    with tqdm(total=total, desc=desc, unit="file", leave=False) as bar:
        yield bar
