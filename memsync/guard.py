"""The delete limit: a run that would delete most of a field stops and says how to go ahead.

A sync that deletes most of a field is far more often a mistake (a folder
emptied by accident, a wrong remote, a tool gone wrong) than a wish, so pull,
push, sync and mirror refuse to delete more than their limit on any side, and
the message names ``--max-delete``. A rename is no deletion.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .errors import InputError, MemsyncError
from .limits import DELETE_LIMIT_MIN_FILES, DELETE_LIMIT_PERCENT
from .manifest import Manifest
from .plan import Change


class TooManyDeletes(MemsyncError):
    """A run would delete more of a field than its delete limit allows."""

    def __init__(self, message: str, deletes: int) -> None:
        super().__init__(message)
        self.deletes = deletes


@dataclass(frozen=True)
class DeleteLimit:
    """How many files one run may delete on one side: ``count`` files, or
    ``percent`` of the files that side holds; sides holding ``min_files`` or
    fewer are not guarded (the default's "more than a few pages")."""

    count: int | None = None
    percent: float | None = None
    min_files: int = 0

    @classmethod
    def parse(cls, text: str) -> DeleteLimit:
        """``N`` files or ``N%``."""
        value = text.strip()
        number = value.removesuffix("%")
        if not number.isdigit() or (value.endswith("%") and int(number) > 100):
            raise InputError(f"--max-delete {text!r}: expected a number of files (7) or a percentage (20%)")
        return cls(percent=int(number)) if value.endswith("%") else cls(count=int(number))

    def allows(self, deletes: int, total: int) -> bool:
        if deletes == 0 or total <= self.min_files:
            return True
        if self.count is not None:
            return deletes <= self.count
        assert self.percent is not None
        return deletes * 100 <= total * self.percent

    def __str__(self) -> str:
        return f"{self.count} file(s)" if self.count is not None else f"{self.percent:g}%"


#: Stops a run deleting more than half of a side that holds more than a few files.
DEFAULT_MAX_DELETE = DeleteLimit(percent=DELETE_LIMIT_PERCENT, min_files=DELETE_LIMIT_MIN_FILES)


def check_deletes(
    limit: DeleteLimit | None, where: str, before: Manifest, todo: list[Change], renamed: Iterable[str] = ()
) -> None:
    """Refuse ``todo`` when it deletes more of ``before`` than ``limit`` allows.
    A rename is no deletion: neither a page the plan saw renamed, nor a file
    whose exact bytes the same run writes under another name."""
    if limit is None:
        return
    written = {c.sha256 for c in todo if c.sha256 is not None}
    moved = set(renamed)
    deletes = [c for c in todo if c.sha256 is None and c.name not in moved and c.was not in written]
    if not limit.allows(len(deletes), len(before)):
        raise TooManyDeletes(
            f"{where}: this would delete {len(deletes)} of its {len(before)} files (limit {limit}); "
            f"nothing was changed. If that is what you want, run it again with --max-delete {len(deletes)}",
            len(deletes),
        )
