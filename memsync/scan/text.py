"""Views of a page that undo disguises, and the documentary context of a spot.

A rule runs on the raw text and on a *normalised* view: NFKC, format
characters and soft hyphens dropped, look-alike letters mapped to Latin,
markup inside words removed, wrapped lines joined, short base64 / percent /
HTML-entity / escape encodings decoded in place. Every character of a view
remembers the raw offset it came from, so a finding still names the page's
line, and the edits that touched a match say which disguise it saw through.
YAML frontmatter values are also joined into one view, so an instruction
split across fields reads as one sentence.
"""

from __future__ import annotations

import base64
import binascii
import codecs
import html
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, field
from urllib.parse import unquote

from .. import frontmatter
from ..errors import InputError
from ..limits import SCAN_MAX_DECODED as _MAX_DECODED
from . import unicode as uni


@dataclass
class View:
    """A rewritten text; ``origin[i]`` is the raw offset of character i."""

    text: str
    origin: list[int]
    # (raw start, raw end, disguise) for every edit that undid a disguise.
    edits: list[tuple[int, int, str]] = field(default_factory=list)
    # A view of a span that is not the page's text as written (frontmatter values joined, a decoded blob).
    label: str | None = None

    def raw_span(self, start: int, end: int) -> tuple[int, int]:
        if not self.origin:
            return 0, 0
        start = min(start, len(self.origin) - 1)
        end = min(max(end, start + 1), len(self.origin))
        return self.origin[start], self.origin[end - 1] + 1

    def disguises(self, raw_start: int, raw_end: int) -> set[str]:
        found = {kind for s, e, kind in self.edits if s < raw_end and e > raw_start}
        if self.label:
            found.add(self.label)
        return found


def identity(text: str) -> View:
    return View(text, list(range(len(text))))


def _rewrite(view: View, edits: list[tuple[int, int, str, str]]) -> View:
    """Apply non-overlapping (start, end, replacement, disguise) edits given in view offsets."""
    if not edits:
        return view
    parts: list[str] = []
    origin: list[int] = []
    pos = 0
    recorded = list(view.edits)
    for start, end, repl, kind in sorted(edits):
        if start < pos:
            continue  # overlapping edit: the first one wins
        parts.append(view.text[pos:start])
        origin.extend(view.origin[pos:start])
        raw = view.origin[start] if start < len(view.origin) else (view.origin[-1] + 1 if view.origin else 0)
        raw_end = view.origin[end - 1] + 1 if end > start else raw
        parts.append(repl)
        origin.extend([raw] * len(repl))
        if kind:
            recorded.append((raw, raw_end, kind))
        pos = end
    parts.append(view.text[pos:])
    origin.extend(view.origin[pos:])
    return View("".join(parts), origin, recorded, view.label)


# -- the normalised view -----------------------------------------------------------

_FENCE = re.compile(r"^[ \t]{0,3}(```|~~~)")
_ENTITIES = re.compile(r"(?:&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});)+")
_PERCENT = re.compile(r"(?:%[0-9A-Fa-f]{2}){2,}|(?<=[A-Za-z])%[0-9A-Fa-f]{2}(?=[A-Za-z])")
_ESCAPES = re.compile(r"(?:\\x[0-9A-Fa-f]{2}|\\u[0-9A-Fa-f]{4}|\\U[0-9A-Fa-f]{8}){2,}")
_BASE64 = re.compile(
    r"(?<![A-Za-z0-9+/=_-])(?:[A-Za-z0-9+/]{4}){4,}(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?(?![\w+/=-])"
)
_B64URL = re.compile(r"(?<![A-Za-z0-9+/=_-])[A-Za-z0-9_-]{20,}={0,2}(?![\w+/=-])")
# Hex bytes, bare or written 0x41 / \x41 / 41:42 / "41 42"; base32's upper-case alphabet; base64 wrapped on lines.
_HEX = re.compile(r"(?<![0-9A-Za-z\\])(?:(?:0x|\\x)?[0-9A-Fa-f]{2}[ :,]?){12,}(?![0-9A-Za-z])")
_BASE32 = re.compile(r"(?<![A-Za-z0-9=])[A-Z2-7]{16,}={0,6}(?![A-Za-z0-9=])")
_B64_LINES = re.compile(r"(?:^[ \t>]*[A-Za-z0-9+/]{32,}={0,2}[ \t]*(?:\n|$)){2,}", re.MULTILINE)
_LAYERS = 3
# Emphasis inside a word renders as one word; underscores inside one are identifiers (CommonMark agrees).
_INWORD_MARKUP = re.compile(r"(?<=[^\W\d_])(?:\*{1,3}|~~|`|<[A-Za-z/][^<>\n]{0,40}>)+(?=[^\W\d_])")


def normalise(raw: str) -> View:
    view = _drop_invisible_and_fold(raw)
    view = _rewrite(view, list(_lookalike_edits(view.text)))
    view = _rewrite(view, list(_decoding_edits(view.text)))
    view = _rewrite(view, list(_decoding_edits(view.text)))  # one more round: base64 of percent-encoding…
    view = _rewrite(view, [(m.start(), m.end(), "", "markup inside words") for m in _INWORD_MARKUP.finditer(view.text)])
    view = _rewrite(view, list(_spelling_edits(view.text)))
    return _rewrite(view, list(_line_join_edits(view.text)))


_NON_ASCII = re.compile(r"[^\x00-\x7f]+")


def _drop_invisible_and_fold(raw: str) -> View:
    """Invisible characters dropped, compatibility forms folded (NFKC); only non-ASCII runs need a look."""
    edits: list[tuple[int, int, str, str]] = []
    invisible: set[int] = set()
    for run in uni.INVISIBLE.finditer(raw):
        ordinary = uni.explained(raw, run.start(), run.end())
        for i in range(run.start(), run.end()):
            edits.append((i, i + 1, "", "" if ordinary else _invisible_kind(raw[i])))
            invisible.add(i)
    for run in _NON_ASCII.finditer(raw):
        for i, ch in enumerate(run.group(), run.start()):
            if i in invisible:
                continue
            if uni.is_format(ch):
                edits.append((i, i + 1, "", _invisible_kind(ch)))
                continue
            folded = unicodedata.normalize("NFKC", ch)
            if folded != ch:
                edits.append((i, i + 1, folded, "compatibility characters" if any(c.isalnum() for c in folded) else ""))
    view = _rewrite(identity(raw), edits)
    if unicodedata.is_normalized("NFC", view.text):
        return view
    return _recompose(view.text, view.origin, view.edits)


def _invisible_kind(ch: str) -> str:
    if ch == "\u00ad":
        return "soft hyphens"
    if "\u202a" <= ch <= "\u202e" or "\u2066" <= ch <= "\u2069":
        return "bidi controls"
    if "\U000e0000" <= ch <= "\U000e007f":
        return "tag characters"
    return "invisible characters"


def _recompose(text: str, origin: list[int], edits: list[tuple[int, int, str]]) -> View:
    parts: list[str] = []
    new_origin: list[int] = []
    i = 0
    while i < len(text):
        j = i + 1
        while j < len(text) and unicodedata.combining(text[j]):
            j += 1
        cluster = unicodedata.normalize("NFC", text[i:j])
        parts.append(cluster)
        new_origin.extend([origin[i]] * len(cluster))
        i = j
    return View("".join(parts), new_origin, edits)


def _lookalike_edits(text: str) -> Iterator[tuple[int, int, str, str]]:
    for hit in uni.lookalike_hits(text):
        if hit.rule != "lookalike-letters":
            continue
        for i in range(hit.start, hit.end):
            latin = uni.as_latin(text[i])
            if latin is not None:
                yield i, i + 1, latin, "look-alike letters"


_SPACED = re.compile(r"(?<![\w])(?:[A-Za-z][ .\-_]){3,}[A-Za-z](?![\w])")
_LEET_WORD = re.compile(r"(?<![\w@.$/-])(?=\w*[A-Za-z])(?=\w*[013457])[A-Za-z013457]{4,}(?![\w@$/-]|\.\w)")
_LEET = str.maketrans("013457", "oieast")


def _spelling_edits(text: str) -> Iterator[tuple[int, int, str, str]]:
    """ "i g n o r e" and "1gn0r3" read as the words they spell."""
    for m in _SPACED.finditer(text):
        yield m.start(), m.end(), re.sub(r"[ .\-_]", "", m.group()), "spaced-out letters"
    for m in _LEET_WORD.finditer(text):
        word = m.group()
        letters = sum(c.isalpha() for c in word)
        if letters >= 2 and not word.isdigit() and not re.fullmatch(r"[A-Za-z]+\d+|\d+[A-Za-z]+", word):
            yield m.start(), m.end(), word.translate(_LEET), "digits for letters"


def _decoding_edits(text: str) -> Iterator[tuple[int, int, str, str]]:
    for m in _ENTITIES.finditer(text):
        decoded = html.unescape(m.group())
        if decoded != m.group() and (len(m.group()) > 6 or decoded.isalpha()):
            yield m.start(), m.end(), decoded, "HTML entities"
    for m in _PERCENT.finditer(text):
        unquoted = unquote(m.group(), errors="strict") if _utf8_ok(m.group()) else ""
        if unquoted and unquoted.isprintable() and any(c.isalpha() for c in unquoted):
            yield m.start(), m.end(), unquoted, "percent-encoding"
    for m in _ESCAPES.finditer(text):
        try:
            decoded = codecs.decode(m.group(), "unicode_escape")
        except UnicodeDecodeError:
            continue
        if decoded.isprintable():
            yield m.start(), m.end(), decoded, "escape sequences"
    for pattern in (_BASE64, _B64URL):
        for m in pattern.finditer(text):
            text64 = decode_base64_text(m.group())
            if text64 is not None:
                yield m.start(), m.end(), text64, "base64"
    for start, end, kind, decoded in _other_encodings(text):
        yield start, end, decoded, kind


_ENCODED_LETTER = re.compile(
    r"&#(?:0*(?:4[89]|5[0-7]|6[5-9]|[7-9]\d|1[01]\d|12[0-2])|[xX]0*(?:3[0-9]|[4-7][0-9a-fA-F]));|%(?:3[0-9]"
    r"|[4-7][0-9a-fA-F])"
)
_PROSE_WORD = re.compile(r"[^\W\d_]{2,}")
_UNSPACED_SCRIPT = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\u0e00-\u0e7f]")


def encoded_segments(raw: str) -> Iterator[tuple[int, int, str, str]]:
    """(start, end, encoding, decoded) for encoded text that reads as words, or letters encoded for no reason.

    Letters and digits never need percent- or entity-encoding, so three of them
    on one line are a disguise; base64 and escape sequences are ordinary in
    documentation, so only when they decode to a sentence.
    """
    for line in re.finditer(r"[^\n]+", raw):
        needless = list(_ENCODED_LETTER.finditer(line.group()))
        if len(needless) >= 3:
            start, end = line.start() + needless[0].start(), line.start() + needless[-1].end()
            text = unquote(html.unescape(raw[start:end]), errors="replace")
            yield start, end, "needlessly encoded letters", text
    for pattern in (_BASE64, _B64URL):
        for m in pattern.finditer(raw):
            decoded = decode_base64_text(m.group())
            if decoded is not None and reads_as_prose(decoded):
                yield m.start(), m.end(), "base64", decoded
    for m in _ESCAPES.finditer(raw):
        try:
            decoded = codecs.decode(m.group(), "unicode_escape")
        except UnicodeDecodeError:
            continue
        if decoded.isprintable() and reads_as_prose(decoded):
            yield m.start(), m.end(), "escape sequences", decoded
    for start, end, kind, decoded in _other_encodings(raw):
        if reads_as_prose(decoded):
            yield start, end, kind, decoded


def _other_encodings(raw: str) -> Iterator[tuple[int, int, str, str]]:
    """Hex, base32, base64 wrapped over lines, and any of them inside another: (start, end, kinds, text)."""
    for m in _B64_LINES.finditer(raw):
        joined = "".join(m.group().replace(">", "").split())
        decoded = decode_base64_text(joined)
        if decoded is not None:
            yield m.start(), m.end(), "base64", decoded
    for pattern, decode, kind in ((_HEX, _decode_hex, "hex"), (_BASE32, _decode_base32, "base32")):
        for m in pattern.finditer(raw):
            decoded = decode(m.group())
            if decoded is not None:
                yield m.start(), m.end(), kind, decoded
    for pattern in (_BASE64, _B64URL):
        for m in pattern.finditer(raw):
            inner = _base64_token(m.group())
            unwrapped = _unwrap(inner) if inner is not None else None
            if unwrapped is not None:
                yield m.start(), m.end(), f"base64 of {unwrapped[0]}", unwrapped[1]


def _unwrap(text: str, depth: int = 1) -> tuple[str, str] | None:
    """What an encoded token decodes to when its decoding is itself one token of an encoding."""
    if depth > _LAYERS or " " in text:
        return None
    for decode, kind in ((decode_base64_text, "base64"), (_decode_hex, "hex"), (_decode_base32, "base32")):
        decoded = decode(text)
        if decoded is None:
            continue
        deeper = _unwrap(decoded.strip(), depth + 1)
        return (f"{kind} of {deeper[0]}", deeper[1]) if deeper else (kind, decoded)
    unquoted = unquote(text) if "%" in text else text
    return ("percent-encoding", unquoted) if unquoted != text and " " in unquoted else None


def _base64_token(token: str) -> str | None:
    """A base64 token's decoding when that is one more token (no spaces, printable ASCII)."""
    data = token.rstrip("=")
    try:
        raw = base64.b64decode(data + "=" * (-len(data) % 4), altchars=b"-_" if ("-" in data or "_" in data) else None)
    except (binascii.Error, ValueError):
        return None
    text = raw.decode("ascii", "replace")
    return text if len(text) >= 16 and text.isascii() and text.isprintable() and " " not in text else None


def _readable(raw: bytes) -> str | None:
    try:
        decoded = raw.decode("utf-8")
    except UnicodeDecodeError:
        return None
    letters = sum(c.isalpha() for c in decoded)
    printable = sum(c.isprintable() or c in "\n\t" for c in decoded)
    if len(decoded) < 6 or printable < len(decoded) or letters < 0.4 * len(decoded.replace(" ", "")):
        return None
    return " " + decoded.replace("\n", " ") + " "


def _decode_hex(token: str) -> str | None:
    digits = re.sub(r"0x|\\x|[ :,]", "", token)
    if len(digits) % 2 or len(digits) > 4 * _MAX_DECODED or re.fullmatch(r"[0-9A-Fa-f]+", digits) is None:
        return None
    return _readable(bytes.fromhex(digits))


def _decode_base32(token: str) -> str | None:
    data = token.rstrip("=")
    if len(data) > 4 * _MAX_DECODED or re.fullmatch(r"[A-Z2-7]+", data) is None:
        return None
    try:
        raw = base64.b32decode(data + "=" * (-len(data) % 8))
    except (binascii.Error, ValueError):
        return None
    return _readable(raw)


def reads_as_prose(text: str) -> bool:
    """Four or more words, mostly letters: a sentence, not JSON, a hash or a key."""
    words = text.split()
    letters = sum(c.isalpha() for c in text)
    if sum(_UNSPACED_SCRIPT.match(c) is not None for c in text) >= 6:
        return letters >= 0.6 * len("".join(words))  # Chinese, Japanese, Thai: sentences without spaces
    return len(words) >= 4 and len(_PROSE_WORD.findall(text)) >= 4 and letters >= 0.75 * len("".join(words))


def _utf8_ok(quoted: str) -> bool:
    try:
        unquote(quoted, errors="strict")
    except UnicodeDecodeError:
        return False
    return True


def decode_base64_text(token: str) -> str | None:
    """The text a base64 token encodes, if it is readable text (not a hash, key or picture)."""
    if len(token) > 4 * _MAX_DECODED or token.isalpha() or token.isdigit():
        return None
    data = token.rstrip("=")
    padded = data + "=" * (-len(data) % 4)
    try:
        raw = base64.b64decode(padded, altchars=b"-_" if ("-" in data or "_" in data) else None, validate=True)
        decoded = raw.decode("utf-8")
    except (binascii.Error, ValueError):
        return None
    letters = sum(c.isalpha() for c in decoded)
    if len(decoded) < 6:
        return None
    printable = sum(c.isprintable() or c in "\n\t" for c in decoded)
    spaced = " " in decoded.strip() or len(_UNSPACED_SCRIPT.findall(decoded)) >= 6
    if printable < len(decoded) or letters < 0.4 * len(decoded.replace(" ", "")) or not spaced:
        return None
    return " " + decoded.replace("\n", " ") + " "


_BLOCK_START = re.compile(r"[ \t]*(?:#{1,6}\s|[-*+]\s|\d{1,3}[.)]\s|\||>|<|```|~~~|-{3,}\s*$|={3,}\s*$)")


def _line_join_edits(text: str) -> Iterator[tuple[int, int, str, str]]:
    """Line breaks inside a paragraph become spaces; headings, list items, tables, code and YAML stay on their lines."""
    in_fence = False
    block, _ = frontmatter.split(text)
    body_start = text.find(block) + len(block) if block is not None else 0
    pos = 0
    lines = text.split("\n")
    for i, line in enumerate(lines[:-1]):
        end = pos + len(line)
        if end < body_start:
            pos = end + 1
            continue
        if _FENCE.match(line):
            in_fence = not in_fence
        following = lines[i + 1]
        joinable = line.strip() and following.strip() and not line.lstrip().startswith(("#", "|"))
        continued_quote = line.lstrip().startswith(">") and following.lstrip().startswith(">")
        if not in_fence and joinable and (continued_quote or not _BLOCK_START.match(following)):
            skip = len(following) - len(following.lstrip().removeprefix(">").lstrip()) if continued_quote else 0
            if line.endswith("-") and len(line) > 1 and line[-2].isalpha() and following[:1].isalpha():
                yield end - 1, end + 1, "", ""
            else:
                yield end, end + 1 + skip, " ", ""
        pos = end + 1


# -- frontmatter values joined, ROT13 ---------------------------------------------------

_FM_LINE = re.compile(r"^[ \t-]*([\w.-]+)[ \t]*:[ \t]*(.*)$", re.MULTILINE)


def frontmatter_fields(raw: str) -> list[tuple[int, str]]:
    """(raw offset, text) of each prose value in the frontmatter, in order."""
    block, _ = frontmatter.split(raw)
    if block is None:
        return []
    offset = raw.find(block)
    try:
        values = [v for v in _strings(frontmatter.parse(raw)) if v.strip()]
    except InputError:
        values = [m.group(2) for m in _FM_LINE.finditer(block) if m.group(1).lower() not in _NOT_PROSE_KEYS]
    out: list[tuple[int, str]] = []
    cursor = offset
    for value in values:
        first = value.split()[0] if value.split() else value
        at = raw.find(first, cursor, offset + len(block))
        at = cursor if at == -1 else at
        out.append((at, value))
        cursor = at + 1
    return out


def frontmatter_view(raw: str) -> View | None:
    """The frontmatter's values in order, joined by spaces, each mapped back to its line."""
    block, _ = frontmatter.split(raw)
    if block is None or not block.strip():
        return None
    offset = raw.find(block)
    try:
        values = [v for v in _strings(frontmatter.parse(raw)) if v.strip()]
    except InputError:
        values = [m.group(2) for m in _FM_LINE.finditer(block) if m.group(1).lower() not in _NOT_PROSE_KEYS]
    if len(values) < 2:
        return None
    parts: list[str] = []
    origin: list[int] = []
    edits: list[tuple[int, int, str]] = []
    cursor = offset
    for value in values:
        flat = " ".join(value.split())
        at = raw.find(flat.split(" ")[0], cursor, offset + len(block)) if flat else -1
        at = cursor if at == -1 else at
        if parts:
            parts.append(" ")
            origin.append(at)
            edits.append((at - 1, at + 1, "split across frontmatter fields"))
        parts.append(flat)
        origin.extend(_spread(at, raw, flat, offset + len(block)))
        cursor = at + 1
    return View("".join(parts), origin, edits)


def _spread(at: int, raw: str, flat: str, limit: int) -> list[int]:
    # Values folded over several YAML lines: follow the raw text forward so lines stay right.
    out = []
    pos = at
    for ch in flat:
        found = raw.find(ch, pos, min(limit, pos + 40)) if ch != " " else -1
        if found != -1:
            pos = found
        out.append(pos)
    return out


_NOT_PROSE_KEYS = frozenset({"uuid", "created", "updated", "date", "id"})


def _strings(value: object) -> Iterator[str]:
    """String values in document order (identifiers and dates left out: they only break a sentence up)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            if str(k).lower() not in _NOT_PROSE_KEYS:
                yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


_ROT13_HINT = re.compile(r"\brot-?13\b", re.IGNORECASE)


def rot13_view(raw: str) -> View | None:
    """The page read through ROT13, when the page itself says it uses it."""
    if not _ROT13_HINT.search(raw):
        return None
    return View(codecs.decode(raw, "rot13"), list(range(len(raw))), label="ROT13")


# -- documentary context ----------------------------------------------------------------

_CODE_SPAN = re.compile(r"(`+)(?!`)(.+?)(?<!`)\1(?!`)")
_HTML_CODE = re.compile(r"<(pre|code|kbd|samp)\b[^>]*>.*?</\1>", re.DOTALL | re.IGNORECASE)
_QUOTED = re.compile(
    r"\"[^\"\n]{6,}\"|“[^”\n]{6,}”|«[^»\n]{6,}»|„[^“”\n]{6,}[“”]|「[^」\n]{3,}」|『[^』\n]{3,}』|‘[^’\n]{12,}’"
    r"|(?<![\w'])'[^'\n]{15,}'(?![\w'])"
)
HTML_COMMENT = re.compile(r"<!--(.*?)(?:-->|\Z)", re.DOTALL)
_HIDDEN_ELEMENT = re.compile(
    r"<(\w+)\b[^>]*?(?:style\s*=\s*[\"'][^\"']*?(?:display\s*:\s*none|visibility\s*:\s*hidden|font-size\s*:\s*0"
    r"|opacity\s*:\s*0(?:\.0+)?\s*(?:;|[\"'])|color\s*:\s*(?:white|#fff\b|#ffffff|transparent)|height\s*:\s*0"
    r"|width\s*:\s*0|left\s*:\s*-\d{3,}|text-indent\s*:\s*-\d{3,})[^\"']*[\"']|\shidden(?:\s|>|=)"
    r"|aria-hidden\s*=\s*[\"']true)[^>]*>(.*?)</\1\s*>",
    re.DOTALL | re.IGNORECASE,
)
_HIDDEN_TAGS = re.compile(r"<(template|noscript|script|style|object|iframe)\b[^>]*>(.*?)</\1\s*>", re.DOTALL | re.I)
_MD_COMMENT = re.compile(r"^[ \t]*\[(?://|comment|_metadata_|#)[^\]]*\]:\s*(?:#|<>)\s*[\"'(](.*)[\"')][ \t]*$", re.M)
_LINK_TITLE = re.compile(r"^[ \t]*\[[^\]\n]+\]:\s*\S+\s+[\"'(](.+)[\"')][ \t]*$|\]\(\S+\s+\"([^\"\n]{12,})\"\)", re.M)
_ALT_TEXT = re.compile(r"!\[([^\]\n]{12,})\]\(|\b(?:alt|title|aria-label)\s*=\s*[\"']([^\"'\n]{12,})[\"']", re.I)


def hidden_spans(raw: str) -> list[tuple[int, int, str]]:
    """(start, end, kind) of text a rendered page does not show: comments, hidden elements, alt text."""
    spans = [(m.start(1), m.end(1), "HTML comment") for m in HTML_COMMENT.finditer(raw)]
    spans += [(m.start(2), m.end(2), "hidden HTML element") for m in _HIDDEN_ELEMENT.finditer(raw)]
    spans += [(m.start(2), m.end(2), f"<{m.group(1).lower()}> element") for m in _HIDDEN_TAGS.finditer(raw)]
    spans += [(m.start(1), m.end(1), "Markdown comment") for m in _MD_COMMENT.finditer(raw)]
    for m in _LINK_TITLE.finditer(raw):
        g = 1 if m.group(1) is not None else 2
        spans.append((m.start(g), m.end(g), "link title"))
    for m in _ALT_TEXT.finditer(raw):
        g = 1 if m.group(1) is not None else 2
        spans.append((m.start(g), m.end(g), "alt text"))
    return spans


_EXAMPLE = re.compile(
    r"\b(?:for (?:example|instance)|e\.\s?g\.|i\.\s?e\.|such as|examples?|sample|demo(?:nstrat\w*)?|illustrat\w*"
    r"|attack(?:er|ers|s)?|adversar\w*|malicious(?:ly)?|inject(?:ed|ion|ions|s)?|jailbreak\w*|exploit\w*|payloads?"
    r"|scenario|threat|phishing|vulnerab\w*|might (?:say|read|contain|write)|could (?:say|read|contain|write)"
    r"|(?:instruct|tell|ask|trick|convinc|coerc|manipulat|caus|direct)(?:s|es|ed|ing)? (?:it|them|the \w+|an? \w+)"
    r"(?: into)? to|z\.\s?B\.|beispielsweise|Beispiel|Angreifer\w*|por ejemplo|ejemplo|atacante|par exemple|exemple"
    r"|attaquant|ad esempio|esempio|por exemplo|exemplo|например|пример\w*|злоумышленн\w*|атак\w*|例如|比如|示例"
    r"|攻击者|攻撃者|例えば|たとえば|例:|例：|예를 들어|예시|공격자|مثال|مثلا|مثلاً|المهاجم|مهاجم|هجوم|حمله|نمونه"
    r"|örneğin|örnek\w*|saldırgan|na przykład|przykład\w*|atakując\w*|bijvoorbeeld|aanvaller)"
    # Scripts without spaces have no word boundary around a word: matched as they stand.
    r"|例如|比如|示例|攻击者|攻撃者|例えば|たとえば|예를 들어|예시|공격자|測試|测试|テスト|테스트|样本|サンプル",
    re.IGNORECASE,
)
_SECURITY_TERMS = re.compile(
    r"\b(prompt injection|jailbreak\w*|attack(?:er|ers|s)?|malicious|exploit\w*|payload|vulnerab\w*|threat"
    r"|owasp|red[- ]team\w*|adversar\w*|exfiltrat\w*|mitigat\w*|phishing|xss|cve-\d+|injection|backdoor\w*"
    r"|Angreifer|Schwachstelle\w*|atacante|vulnerabilidad\w*|attaquant|vulnérabilit\w*|злоумышленн\w*|уязвим\w*"
    r"|攻击|漏洞|攻撃|脆弱性|공격|취약|هجوم|المهاجم|ثغر\w*|حمله|آسیب‌پذیری|مهاجم|инъекци\w*|промпт\w*|атак\w*"
    r"|inyecci[oó]n\w*|injection de prompt|injeç[ãa]o|iniezione|red team|eval\w*|test cases?|jailbreak"
    # A report on what went wrong: a postmortem quotes what it investigates.
    r"|post-?mortem\w*|incident\w*|root cause|verbatim|allow-?list\w*|deny-?list\w*|suspicious|awareness"
    r"|Vorfall|Vorfälle|incidente\w*|инцидент\w*|事故|インシデント|사고|حادث\w*"
    r"|障害|振り返り|ポストモーテム|复盘|故障|事后|事後|장애|회고"
    # A bug report quotes what went wrong, to be reproduced.
    r"|bugs?|workaround|steps to reproduce|reproduc\w*|expected behaviou?r|Fehlerbericht|informe de error"
    r"|rapport de bug|relatório de erro|segnalazione|ошибк\w*|再現|复现|재현)"
    r"|(提示词注入|提示注入|注入|越狱|攻击|漏洞|攻撃|脆弱性|プロンプトインジェクション|インジェクション|ジェイルブレイク"
    r"|프롬프트 인젝션|인젝션|탈옥|공격|취약점|레드팀)",
    re.IGNORECASE,
)
# Text that says what a quote is a kind of, just before it: things like "…", du type « … ».
_KIND_OF = re.compile(
    r"(?:\blike|such as|\bdu type|\bde type|\bcomme|\bwie|\betwa|\bcomo|\btipo|\bcome|\bкак|\bтипа|类似|像)\s*:?\s*$",
    re.IGNORECASE,
)
# A sentence about what some text holds ("mails may contain « … »", 资料里即使出现"…"): a quote in it
# shows what such text looks like; it asks nothing of the reader.
_HOLDS = re.compile(
    r"\b(?:contain\w*|include[sd]?|appear\w*|conti?en\w*|enth[äa]lt\w*|cont[ée]m|contengono|содерж\w*"
    r"|içer\w*|bevat\w*|zawiera\w*|obsahuj\w*|innehåll\w*)\b|包含|含有|出现|出現|含ま|포함|يحتوي|تحتوي",
    re.IGNORECASE,
)
_HEADING = re.compile(r"^[ \t]{0,3}#{1,6}[ \t]+(.*)$", re.MULTILINE)
_AI_ADDRESS = re.compile(
    r"\b(?:AI|A\.I\.|LLMs?|language models?|chat ?bots?|(?:AI |virtual |coding )?assistants?|AI agents?"
    r"|(?:the |this |any |all )(?:agents?|models?|bots?)|GPT(?:-\d\w*)?|ChatGPT|Claude|Copilot|Gemini|Llama|Mistral"
    r"|KI|IA|ИИ|нейросет\w*|ассистент\w*|人工智能|智能体|助手|アシスタント|エージェント|어시스턴트|에이전트|인공지능"
    r"|الذكاء الاصطناعي|المساعد|مساعد|دستیار|هوش مصنوعی|asistente|assistente|Assistent\w*|asystent\w*|yapay zeka)\b",
    re.IGNORECASE,
)
_FOR_A_PERSON = re.compile(
    r"\bif you(?:'re| are)? (?:use|using|on|running|have|installed|prefer|want|need|already|do not|don't|are on|work)",
    re.IGNORECASE,
)
_NOT_PROSE = re.compile(r"\bhttps?://\S+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+|(?:[\w-]+\.)+[a-z]{2,}\b|`[^`\n]*`", re.I)
_SENTENCE_END = re.compile(r"[.!?。！？؟।\n](?=\s|$)|\n")


_TOOL_SCHEMA = re.compile(
    r"[\"']?(?:input_schema|inputSchema|parameters|properties)[\"']?\s*:\s*\{[^{}]{0,200}?[\"']?(?:type|properties)"
    r"[\"']?\s*:|^[ \t]*@(?:\w+\.)?tool\b|\bdef \w+\([^)]*:\s*\w+",
    re.MULTILINE,
)
_TABLE_ROW = re.compile(r"^[ \t]*\|[^\n]*\|[^\n]*$", re.MULTILINE)


@dataclass
class Context:
    """Where in a page a spot sits: code, quotes, hidden markup, an example in a security write-up."""

    raw: str
    plain: str = ""  # raw with URLs, addresses and code spans blanked: "example.com" is no example
    code: list[tuple[int, int]] = field(default_factory=list)
    spans: list[tuple[int, int]] = field(default_factory=list)
    quotes: list[tuple[int, int]] = field(default_factory=list)
    hidden: list[tuple[int, int, str]] = field(default_factory=list)
    security_page: bool = False
    # The page defines tools (a JSON schema, a decorated function): a call on it is its example.
    defines_tools: bool = False
    # The page tells an agent to act somewhere: its commands are not only documentation.
    directed: bool = False
    # The page waives a check or keeps something from the user somewhere.
    waived: bool = False
    headings: list[tuple[int, str]] = field(default_factory=list)

    @classmethod
    def of(cls, raw: str) -> Context:
        ctx = cls(raw, _NOT_PROSE.sub(lambda m: " " * len(m.group()), raw))
        ctx.code = _code_blocks(raw) + [(m.start(), m.end()) for m in _HTML_CODE.finditer(raw)]
        ctx.spans = [(m.start(), m.end()) for m in _CODE_SPAN.finditer(raw)]
        block, _ = frontmatter.split(raw)
        yaml_end = raw.find(block) + len(block) if block is not None else 0
        # YAML's quoted strings are syntax, not someone quoting an example.
        # A string literal in code is syntax too.
        quotes = [
            (m.start(), m.end())
            for m in _QUOTED.finditer(raw)
            if m.start() >= yaml_end and not _inside(ctx.code, m.start(), m.end())
        ]
        # A table's cells are listed, as quotes are: an eval set's payloads, a test matrix.
        tables = [(m.start(), m.end()) for m in _TABLE_ROW.finditer(raw)]
        ctx.quotes = quotes + _blockquotes(raw) + (tables if len(tables) >= 3 else [])
        # Code shows its text as written: a comment quoted in backticks or a code block hides nothing.
        shown = ctx.code + ctx.spans
        ctx.hidden = [h for h in hidden_spans(raw) if not _inside(shown, h[0], h[1])]
        terms = {m.group().lower() for m in _SECURITY_TERMS.finditer(raw)}
        ctx.security_page = len(terms) >= 3
        ctx.defines_tools = _TOOL_SCHEMA.search(raw) is not None
        ctx.headings = [(m.start(), m.group(1)) for m in _HEADING.finditer(raw)]
        return ctx

    def code_block(self, start: int, end: int) -> str | None:
        """ "code" for program text in a code block, "prose" for sentences someone fenced, else None."""
        for s, e in self.code:
            if s <= start and end <= e:
                return "code" if looks_like_code(self.raw[s:e]) else "prose"
        return None

    def in_span(self, start: int, end: int) -> bool:
        return _inside(self.spans, start, end)

    def quoted(self, start: int, end: int) -> bool:
        return _inside(self.quotes, start, end)

    def hidden_kind(self, start: int, end: int) -> str | None:
        for s, e, kind in self.hidden:
            if s <= start and end <= e + 1:
                return kind
        return None

    def sentence(self, start: int, end: int) -> tuple[int, int]:
        """The sentence around a spot, at most 300 characters either side."""
        lo = max(0, start - 300)
        ends = [m.end() for m in _SENTENCE_END.finditer(self.raw, lo, start)]
        s = ends[-1] if ends else lo
        m = _SENTENCE_END.search(self.raw, end, min(len(self.raw), end + 300))
        return s, (m.end() if m else min(len(self.raw), end + 300))

    def example(self, start: int, end: int, code_too: bool = False) -> bool:
        s, e = self.sentence(start, end)
        before = self.raw[max(0, s - 160) : s]
        if _EXAMPLE.search(self.plain, s, e) or re.search(r"(?:example|e\.g\.|such as|like|follows?)\W*:?\s*$", before):
            return True
        # A quote within its sentence (0: none).
        opens = next((qs for qs, qe in self.quotes if s < qs <= start and end <= qe), 0)
        if opens and (_KIND_OF.search(self.raw, max(s, opens - 24), opens) or _HOLDS.search(self.plain, s, e)):
            return True
        # A quote or fenced text is presented by the line before it ("Example caught by our filter:").
        # Code is not presented so: an example configuration is still one that gets applied.
        lo, hi = self.introduction(start)
        if hi > lo and (code_too or self.code_block(start, start) != "code") and _EXAMPLE.search(self.plain, lo, hi):
            return True
        heading = next((h for pos, h in reversed(self.headings) if pos <= start), "")
        return bool(_EXAMPLE.search(_NOT_PROSE.sub(" ", heading)))

    def introduction(self, start: int) -> tuple[int, int]:
        """The span of the line that introduces the blockquote or fenced block around ``start``
        (the last line before it with text); empty when the spot is in neither."""
        top = next((s for s, e in self.code if s <= start < e), None)
        if top is None:
            line = self.raw.rfind("\n", 0, start) + 1
            if not self.raw[line:start].lstrip().startswith(">"):
                return 0, 0
            while line > 0:
                prev = self.raw.rfind("\n", 0, line - 1) + 1
                if not self.raw[prev:line].lstrip().startswith(">"):
                    break
                line = prev
            top = line
        hi = top
        while hi > 0:
            lo = self.raw.rfind("\n", 0, hi - 1) + 1
            if self.raw[lo:hi].strip():
                return lo, hi
            hi = lo
        return 0, 0

    def addressed_to_agent(self, start: int, end: int) -> bool:
        s, e = self.sentence(start, end)
        return bool(_AI_ADDRESS.search(self.raw, max(0, s - 80), e))

    def for_a_person(self, start: int, end: int) -> bool:
        s, e = self.sentence(start, end)
        return bool(_FOR_A_PERSON.search(self.raw, s, e))


def _inside(ranges: list[tuple[int, int]], start: int, end: int) -> bool:
    return any(s <= start and end <= e for s, e in ranges)


def _code_blocks(raw: str) -> list[tuple[int, int]]:
    """Fenced and indented code blocks (an indented block starts after a blank line)."""
    blocks: list[tuple[int, int]] = []
    opened: int | None = None
    indented = False
    previous_blank = True
    pos = 0
    for line in raw.split("\n"):
        end = pos + len(line) + 1
        if opened is not None:
            if _FENCE.match(line):
                blocks.append((opened, end))
                opened = None
        elif _FENCE.match(line):
            opened, indented = pos, False
        elif line.startswith(("    ", "\t")) and line.strip() and (previous_blank or indented):
            if indented:
                blocks[-1] = (blocks[-1][0], end)
            else:
                blocks.append((pos, end))
                indented = True
        elif line.strip():
            indented = False
        previous_blank = not line.strip()
        pos = end
    if opened is not None:
        blocks.append((opened, len(raw)))
    return blocks


_CODE_LINE = re.compile(
    r"^\s*(?:[$#%>] |>>> |\.\.\. |[A-Za-z_][\w.]*\(|(?:sudo|npm|npx|pip3?|python3?|node|curl|wget|git|cd|ls|rm|cp|mv"
    r"|mkdir|cat|echo|export|set|apt(?:-get)?|brew|yarn|pnpm|go|cargo|docker|kubectl|aws|gcloud|make|chmod|chown|ssh"
    r"|tar|unzip|source|bash|sh|zsh|powershell|iex|irm|iwr|Invoke-\w+|const|let|var|import|from|def|class|return"
    r"|function|if|for|while|SELECT|INSERT|UPDATE|DELETE|DROP|CREATE)\b)",
    re.MULTILINE,
)


def looks_like_code(block: str) -> bool:
    """Commands or program text, as opposed to a sentence someone put in a code block."""
    if _CODE_LINE.search(block):
        return True
    symbols = sum(c in "{}[]();=<>$|&\\_/*:" for c in block)
    return symbols >= 0.04 * max(1, len(block.strip()))


def _blockquotes(raw: str) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for m in re.finditer(r"^[ \t]*>.*$", raw, re.MULTILINE)]
