"""YAML frontmatter of a page, read defensively.

Pages can come from strangers, so the YAML is parsed with the safe loader,
refused when it uses anchors or aliases (the "billion laughs" shape), when it
is larger than a page should ever need, or when it nests or branches more than
a metadata block plausibly does. Readers must not rely on any key existing.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import yaml

from .errors import InputError

MAX_FRONTMATTER_BYTES = 16 * 1024
MAX_NODES = 2000
MAX_DEPTH = 16
RECOMMENDED_KEYS = ("title", "uuid", "summary", "created", "updated")


class _BoundedLoader(yaml.SafeLoader):
    """SafeLoader that refuses aliases and bounds node count and depth."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._nodes = 0
        self._depth = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        if self.check_event(yaml.AliasEvent):
            raise InputError("frontmatter uses YAML aliases, which memsync refuses")
        event = self.peek_event()
        if getattr(event, "anchor", None):
            raise InputError("frontmatter uses YAML anchors, which memsync refuses")
        self._nodes += 1
        if self._nodes > MAX_NODES:
            raise InputError(f"frontmatter has more than {MAX_NODES} YAML nodes")
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                raise InputError(f"frontmatter nests deeper than {MAX_DEPTH} levels")
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


def split(text: str) -> tuple[str | None, str]:
    """Split a page into (frontmatter YAML or None, body)."""
    if not text.startswith("---"):
        return None, text
    first_nl = text.find("\n")
    if first_nl == -1 or text[:first_nl].rstrip() != "---":
        return None, text
    pos = first_nl + 1
    while pos <= len(text):
        nl = text.find("\n", pos)
        line = text[pos:] if nl == -1 else text[pos:nl]
        if line.rstrip() in ("---", "..."):
            body = "" if nl == -1 else text[nl + 1 :]
            return text[first_nl + 1 : pos], body
        if nl == -1:
            break
        pos = nl + 1
    return None, text  # an opening fence with no closing one is just Markdown


def parse(text: str) -> dict[str, Any]:
    """The frontmatter of ``text`` as a JSON-compatible dict ({} if none).

    Raises InputError for frontmatter that is hostile or not a mapping.
    """
    block, _ = split(text)
    if block is None or not block.strip():
        return {}
    if len(block.encode("utf-8", "surrogateescape")) > MAX_FRONTMATTER_BYTES:
        raise InputError(f"frontmatter larger than {MAX_FRONTMATTER_BYTES} bytes")
    loader = _BoundedLoader(block)
    try:
        data = loader.get_single_data()
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 2}" if mark is not None else ""
        problem = getattr(exc, "problem", None) or "invalid YAML"
        raise InputError(f"frontmatter{where}: {problem}") from None
    except (ValueError, TypeError, OverflowError) as exc:
        # PyYAML builds dates and tagged scalars after parsing: 2026-02-30 lands here.
        raise InputError(f"frontmatter: invalid value ({exc})") from None
    finally:
        loader.dispose()
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise InputError("frontmatter is not a mapping of keys to values")
    return {str(k): _jsonable(v) for k, v in data.items()}


def _jsonable(value: Any) -> Any:
    # The vector index stores frontmatter as JSON, so dates become ISO strings.
    if isinstance(value, dt.datetime | dt.date):
        return value.isoformat()
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_jsonable(v) for v in value]
    if isinstance(value, set | frozenset):
        return sorted((_jsonable(v) for v in value), key=repr)
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    return value


def page_uuid(data: bytes) -> str | None:
    """The page's frontmatter uuid, or None when absent or unreadable."""
    try:
        meta = parse(data.decode("utf-8"))
    except (UnicodeDecodeError, InputError):
        return None
    value = meta.get("uuid")
    return str(value) if value not in (None, "") else None
