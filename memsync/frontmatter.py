"""YAML frontmatter of a page, read defensively.

Pages can come from strangers, so the YAML is parsed with the safe loader,
refused when it uses anchors or aliases (the "billion laughs" shape), when it
is larger than a page should ever need, or when it nests or branches more than
a metadata block plausibly does. Readers must not rely on any key existing.

``entries`` cuts a block into the exact text of each key and ``edit`` sets or
drops keys in it, so a merge or a conflict copy rewrites only the keys it
changes and leaves every other line as its writer left it.
"""

from __future__ import annotations

import datetime as dt
import functools
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from .errors import InputError
from .limits import MAX_FRONTMATTER_BYTES
from .limits import MAX_FRONTMATTER_DEPTH as MAX_DEPTH
from .limits import MAX_FRONTMATTER_NODES as MAX_NODES

# PyYAML is imported at the first frontmatter read (see _yaml): importing it
# costs more than a status or a sync that reads no page at all.
if TYPE_CHECKING:
    import yaml

RECOMMENDED_KEYS = ("title", "uuid", "summary", "created", "updated")


@dataclass(frozen=True)
class Parts:
    """A page cut at its frontmatter fences; joining the four gives the page back.

    Without frontmatter ``opening`` is None, ``block`` and ``closing`` are empty
    and ``body`` is the whole text.
    """

    opening: str | None  # the opening fence line, newline included
    block: str  # the YAML between the fences
    closing: str  # the closing fence line, newline included when there is one
    body: str

    @property
    def text(self) -> str:
        return (self.opening or "") + self.block + self.closing + self.body


def parts(text: str) -> Parts:
    """Cut a page at its frontmatter fences (``---``, closed by ``---`` or ``...``)."""
    cut = _fences(text)
    if cut is None:
        return Parts(None, "", "", text)
    start, stop, end = cut
    return Parts(text[:start], text[start:stop], text[stop:end], text[end:])


# A closing fence: a line that is ``---`` or ``...`` once trailing whitespace
# (str.isspace's, which ``\s`` matches too) is stripped. Lines end at "\n" only.
_CLOSING_FENCE = re.compile(r"^(?:---|\.\.\.)[^\S\n]*$", re.MULTILINE)


def _fences(text: str) -> tuple[int, int, int] | None:
    """Where the block starts, where its closing fence starts and where that
    line ends; None for a page without frontmatter."""
    if not text.startswith("---"):
        return None
    first_nl = text.find("\n")
    if first_nl == -1 or text[:first_nl].rstrip() != "---":
        return None
    closing = _CLOSING_FENCE.search(text, first_nl + 1)
    if closing is None:
        return None  # an opening fence with no closing one is just Markdown
    end = closing.end()
    return first_nl + 1, closing.start(), end + 1 if end < len(text) else end


def split(text: str) -> tuple[str | None, str]:
    """Split a page into (frontmatter YAML or None, body)."""
    cut = _fences(text)
    if cut is None:
        return None, text
    start, stop, end = cut
    return text[start:stop], text[end:]


class _Yaml(NamedTuple):
    """What memsync builds on PyYAML, made once, at the first read that needs it."""

    c_loader: type[yaml.CSafeLoader] | None  # None when PyYAML was built without libyaml
    bounded_loader: type[yaml.SafeLoader]  # the pure-Python loader, with the bounds
    resolver: yaml.resolver.Resolver
    constructor: yaml.constructor.SafeConstructor


@functools.cache
def _yaml() -> _Yaml:
    import yaml

    class _BoundedLoader(yaml.SafeLoader):
        """SafeLoader that refuses aliases and bounds node count and depth."""

        def __init__(self, stream: str) -> None:
            super().__init__(stream)
            self._nodes = 0
            self._depth = 0

        def compose_node(self, parent: Any, index: Any) -> Any:
            if self.check_event(yaml.AliasEvent):
                raise InputError("frontmatter uses YAML aliases, which memsync refuses")
            event = self.peek_event()  # type: ignore[no-untyped-call]  # PyYAML ships no types
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

    return _Yaml(
        getattr(yaml, "CSafeLoader", None),
        _BoundedLoader,
        yaml.resolver.Resolver(),
        yaml.constructor.SafeConstructor(),
    )


def _load(block: str) -> tuple[yaml.Node | None, Any]:
    """Compose and construct ``block`` within the bounds: (root node, data).

    Every failure, whatever part of PyYAML notices it, is one InputError.
    """
    if len(block.encode("utf-8", "surrogateescape")) > MAX_FRONTMATTER_BYTES:
        raise InputError(f"frontmatter larger than {MAX_FRONTMATTER_BYTES} bytes")
    import yaml

    loader: Any = None
    tools = _yaml()
    try:
        if tools.c_loader is not None:
            # libyaml: the bounds are checked on its events, then it composes and
            # the same safe constructor builds the data (indexing reads every page).
            _check_events(block, tools.c_loader)
            loader = tools.c_loader(block)
        else:
            # The reader checks characters as it is built: a control character fails here.
            loader = tools.bounded_loader(block)
        node = loader.get_single_node()
        return node, (loader.construct_document(node) if node is not None else None)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 2}" if mark is not None else ""
        problem = getattr(exc, "problem", None) or "invalid YAML"
        raise InputError(f"frontmatter{where}: {problem}") from None
    except InputError:
        raise
    except Exception as exc:
        # PyYAML builds dates and tagged scalars after parsing, and some of its
        # constructors fail with plain Python errors on odd values (2026-02-30,
        # an empty !!timestamp): all of that is invalid frontmatter, not a crash.
        why = exc if isinstance(exc, ValueError | OverflowError) else f"{type(exc).__name__} building a tagged value"
        raise InputError(f"frontmatter: invalid value ({why})") from None
    finally:
        if loader is not None:
            loader.dispose()


def _check_events(block: str, c_loader: type[yaml.CSafeLoader]) -> None:
    """The bounds of ``_BoundedLoader``, checked on libyaml's event stream."""
    import yaml

    node_events = (yaml.ScalarEvent, yaml.SequenceStartEvent, yaml.MappingStartEvent)
    end_events = (yaml.SequenceEndEvent, yaml.MappingEndEvent)
    parser = c_loader(block)
    try:
        nodes = depth = 0
        while parser.check_event():
            event = parser.get_event()
            if isinstance(event, yaml.AliasEvent):
                raise InputError("frontmatter uses YAML aliases, which memsync refuses")
            if getattr(event, "anchor", None):
                raise InputError("frontmatter uses YAML anchors, which memsync refuses")
            if isinstance(event, node_events):
                nodes += 1
                if nodes > MAX_NODES:
                    raise InputError(f"frontmatter has more than {MAX_NODES} YAML nodes")
                if depth + 1 > MAX_DEPTH:
                    raise InputError(f"frontmatter nests deeper than {MAX_DEPTH} levels")
                if not isinstance(event, yaml.ScalarEvent):
                    depth += 1
            elif isinstance(event, end_events):
                depth -= 1
    finally:
        parser.dispose()


def _mapping(block: str) -> tuple[yaml.Node | None, dict[Any, Any]]:
    node, data = _load(block)
    if data is None:
        return node, {}
    if not isinstance(data, dict):
        raise InputError("frontmatter is not a mapping of keys to values")
    return node, data


def parse(text: str) -> dict[str, Any]:
    """The frontmatter of ``text`` as a JSON-compatible dict ({} if none).

    Raises InputError for frontmatter that is hostile or not a mapping.
    """
    block, _ = split(text)
    if block is None or not block.strip():
        return {}
    data = _flat(block)
    if data is None:
        _, data = _mapping(block)
    return {str(k): _jsonable(v) for k, v in data.items()}


def check(text: str) -> None:
    """Raise the InputError ``parse`` would raise for ``text``, without making
    the JSON values (every transfer checks every page it carries)."""
    block, _ = split(text)
    if block is not None and block.strip() and _flat(block) is None:
        _mapping(block)


# One ``key: value`` line of the plainest kind: an ASCII key at column 0, no
# longer than the 1,024 characters YAML allows a simple key, and an ASCII value
# that is empty, plain (no indicator first, no ": " or "#" inside, no ":" or
# space last), or quoted without escapes or quotes inside. PyYAML reads such a
# line the same way whatever else the block holds. (Spaces inside a plain value
# must be followed by a character of it, so that a line that fails to match
# fails in linear time, not by trying every split of a run of spaces; runs of
# plain characters are taken whole, and never given back: every page of every
# transfer goes through here, 2.5x faster than a character at a time.)
_PLAIN_CHAR = r"""[!"$-9;-~]"""
_FLAT_LINE = re.compile(
    r"""(?P<key>[A-Za-z_][A-Za-z0-9_-]{0,1023}):"""
    rf"""(?:[ ]+(?:(?P<plain>[A-Za-z0-9]"""
    rf"""(?:{_PLAIN_CHAR}++|[ ]++(?={_PLAIN_CHAR}|:{_PLAIN_CHAR})|:(?={_PLAIN_CHAR}))*+)"""
    r"""|"(?P<dq>[ !#-\[\]-~]*+)"|'(?P<sq>[ -&(-~]*+)'))?[ ]*"""
)
_STR_TAG = "tag:yaml.org,2002:str"


# The timestamps pages carry most (``created: 2026-12-02T06:30:42Z``, or a bare
# date): the resolver tags them timestamps and the constructor builds exactly
# what ``fromisoformat`` builds, refusing the same impossible dates. Hour 24 is
# left to the constructor, which refuses it: fromisoformat takes it for the next
# day's midnight since Python 3.14.
_UTC_SECOND = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T(?:[01][0-9]|2[0-3]):[0-9]{2}:[0-9]{2}Z")
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def _plain(value: str) -> Any:
    """A plain scalar as the safe loader builds it (resolved by the same rules,
    built by the same constructors), so a value it refuses is refused here too."""
    if _UTC_SECOND.fullmatch(value):
        return dt.datetime.fromisoformat(value)
    if _DATE.fullmatch(value):
        return dt.date.fromisoformat(value)
    import yaml

    tools = _yaml()
    tag = tools.resolver.resolve(yaml.ScalarNode, value, (True, False))  # type: ignore[no-untyped-call]
    if tag == _STR_TAG:
        return value
    # The constructor itself, not construct_object, which would remember every node.
    return tools.constructor.yaml_constructors[tag](tools.constructor, yaml.ScalarNode(tag, value))


@functools.lru_cache(maxsize=1024)
def _key(key: str) -> Any:
    """A plain key as ``_plain`` reads it: keys repeat from page to page (and
    resolve only to strings, booleans and null, which nothing mutates)."""
    return _plain(key)


def _flat(block: str) -> dict[Any, Any] | None:
    """``_mapping(block)``'s data for a block of nothing but flat ``key: value``
    lines, without the YAML parser (pages are checked on every transfer and
    almost all of them look like this); None for anything else, which then
    goes through the parser and its bounds."""
    if len(block) > MAX_FRONTMATTER_BYTES or not block.isascii():
        return None
    data: dict[Any, Any] = {}
    lines = block.split("\n")
    if lines[-1] == "":
        lines.pop()
    if not lines or 1 + 2 * len(lines) > MAX_NODES:
        return None
    try:
        for line in lines:
            match = _FLAT_LINE.fullmatch(line)
            if match is None:
                return None
            key, plain, dq, sq = match.group("key", "plain", "dq", "sq")
            quoted = dq if dq is not None else sq
            data[_key(key)] = quoted if quoted is not None else _plain(plain or "")
    except Exception:  # whatever the constructor refuses, the parser reports in its own words
        return None
    return data


@dataclass(frozen=True)
class Entry:
    """One top-level key of a frontmatter block: its value as YAML builds it
    (dates stay dates) and its exact text: the comment lines right above the
    key, the key's lines, and blank lines after them."""

    key: str
    value: Any
    text: str


def entries(block: str) -> tuple[str, list[Entry]] | None:
    """``block`` cut into (text before the first key, one Entry per key), so
    that joining them gives ``block`` back; None when it cannot be cut that way
    (a flow mapping ``{...}``, indented or complex keys, merge keys, duplicate
    keys). Raises InputError when the block does not parse as a mapping."""
    node, data = _mapping(block)
    if node is None:  # empty, or only comments
        return block, []
    import yaml

    if not isinstance(node, yaml.MappingNode):  # a null spelled out (`~`, `null`)
        return None
    pairs = node.value
    if (
        node.flow_style
        or len(pairs) != len(data)
        or any(k.start_mark.column != 0 or k.tag == "tag:yaml.org,2002:merge" for k, _ in pairs)
    ):
        return None
    keys = [str(k) for k in data]
    if len(set(keys)) != len(keys):
        return None
    raw_keys, values = list(data), list(data.values())
    starts = [k.start_mark.index for k, _ in pairs]
    # Comment lines right above a key describe it, so they go with it; unless
    # they turn out to be part of the previous value (a quoted scalar may span
    # lines that start with '#'), which re-reading that value alone tells.
    for i in range(1, len(starts)):
        above = _comments_above(block, starts[i], starts[i - 1])
        if above != starts[i] and _reads_as(block[starts[i - 1] : above], {raw_keys[i - 1]: values[i - 1]}):
            starts[i] = above
    starts.append(len(block))
    return block[: starts[0]], [Entry(keys[i], values[i], block[starts[i] : starts[i + 1]]) for i in range(len(keys))]


def _reads_as(text: str, want: dict[Any, Any]) -> bool:
    try:
        return _mapping(text)[1] == want
    except InputError:
        return False


def _comments_above(block: str, pos: int, floor: int) -> int:
    """Where the run of '#' lines ending just before line start ``pos`` begins."""
    while pos > floor:
        nl = block.rfind("\n", floor, pos - 1)
        line_start = floor if nl == -1 else nl + 1
        if not block.startswith("#", line_start):
            break
        pos = line_start
    return pos


def render(key: str, value: Any) -> str:
    """One key as block YAML text, for a key memsync sets itself."""
    import yaml

    return yaml.safe_dump({key: value}, sort_keys=False, allow_unicode=True, default_flow_style=False, width=1 << 16)


def edit(block: str, put: list[Entry], drop: frozenset[str] = frozenset()) -> str:
    """``block`` with the keys of ``put`` set (in place, or appended) and the
    keys in ``drop`` removed; every other key keeps its exact text. A block that
    cannot be edited line-wise is written out whole. Raises InputError when
    ``block`` does not parse."""
    cut = entries(block)
    new = {e.key: e for e in put}
    if cut is None:
        _, data = _mapping(block)
        merged = {str(k): v for k, v in data.items() if str(k) not in drop}
        merged.update((e.key, e.value) for e in put)
        return "".join(render(k, v) for k, v in merged.items())
    preamble, old = cut
    kept = [new.pop(e.key, e) for e in old if e.key not in drop]
    return preamble + "".join(_line_ended(e.text) for e in [*kept, *new.values()])


def _line_ended(text: str) -> str:
    return text if text.endswith(("\n", "\r")) else text + "\n"


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
