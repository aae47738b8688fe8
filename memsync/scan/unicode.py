"""Characters a reader cannot see or cannot tell apart.

Invisible and bidirectional controls have legitimate uses: Persian spelling
needs the zero-width non-joiner, Indic scripts the joiner, Thai and Japanese
text the zero-width space, Arabic and Hebrew lines the direction marks, emoji
the joiner and variation selectors. So each one is judged by the letters
around it: the same character that Persian needs is a disguise inside an
English word. Look-alike letters (Cyrillic ``а`` for Latin ``a``) come from
Unicode's confusables table, as the ``confusable_homoglyphs`` package ships
it, and the script of each letter from its Scripts table.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

from confusable_homoglyphs import categories, confusables

from .findings import Severity

# Scripts whose spelling uses ZWJ/ZWNJ between letters.
_JOINING = frozenset(
    [
        "ARABIC",
        "SYRIAC",
        "NKO",
        "MONGOLIAN",
        "PHAGS_PA",
        "MANDAIC",
        "DEVANAGARI",
        "BENGALI",
        "GURMUKHI",
        "GUJARATI",
        "ORIYA",
        "TAMIL",
        "TELUGU",
        "KANNADA",
        "MALAYALAM",
        "SINHALA",
        "TIBETAN",
        "MYANMAR",
        "KHMER",
        "THAI",
        "LAO",
        "BALINESE",
        "JAVANESE",
    ]
)
# Scripts written without spaces, where a zero-width space marks a word or line break.
_UNSPACED = frozenset(
    ["THAI", "LAO", "KHMER", "MYANMAR", "TIBETAN", "HAN", "HIRAGANA", "KATAKANA", "BALINESE", "JAVANESE"]
)
_RTL = frozenset(["ARABIC", "HEBREW", "SYRIAC", "THAANA", "NKO", "MANDAIC", "SAMARITAN", "ADLAM"])
# Scripts whose letters pass for Latin ones.
_LOOKALIKE_SCRIPTS = frozenset(["CYRILLIC", "GREEK", "ARMENIAN", "CHEROKEE", "COPTIC", "LISU"])

ZERO_WIDTH_JOINERS = "\u200c\u200d"
_ZWSP = "\u200b"
_DIRECTION_MARKS = "\u200e\u200f\u061c"
_BIDI_EMBEDDINGS = "\u202a\u202b\u202c\u2066\u2067\u2068\u2069"
_BIDI_OVERRIDES = "\u202d\u202e"
_SOFT_HYPHEN = "\u00ad"
_VARIATION = re.compile("[\ufe00-\ufe0f\U000e0100-\U000e01ef]")
_TAGS = re.compile("[\U000e0000-\U000e007f]+")
_HANGUL_FILLERS = "\u115f\u1160\u3164\uffa0"
# Every character the invisible-text checks look at; anything else is visible.
INVISIBLE = re.compile(
    "[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069"
    "\u3164\ufeff\uffa0\ufe00-\ufe0f\U000e0000-\U000e007f\U000e0100-\U000e01ef]+"
)


@cache
def script(ch: str) -> str:
    return str(categories.alias(ch))


def is_format(ch: str) -> bool:
    """A Unicode format (Cf) character: invisible by definition."""
    return unicodedata.category(ch) == "Cf"


@cache
def latin_lookalikes() -> dict[str, str]:
    """Non-Latin (and non-ASCII Latin) letters that Unicode lists as confusable with one ASCII letter."""
    table: dict[str, str] = {}
    for char, glyphs in confusables.confusables_data.items():
        if len(char) != 1 or char.isascii():
            continue
        alias = script(char)
        if alias == "LATIN" and unicodedata.decomposition(char):
            continue  # é is a letter of its own language, not a disguise for e
        if alias not in _LOOKALIKE_SCRIPTS and alias != "LATIN":
            continue
        for glyph in glyphs:
            c = glyph["c"]
            if len(c) == 1 and c.isascii() and c.isalpha():
                table[char] = c
                break
    return table


def as_latin(ch: str) -> str | None:
    """The Latin letter a look-alike passes for, keeping its case (Cyrillic І is I, not l)."""
    if script(ch) == "LATIN" and ch.isascii():
        return None
    table = latin_lookalikes()
    lower = table.get(ch.lower())
    if lower is not None:
        return lower.upper() if ch.isupper() else lower
    return table.get(ch)


@dataclass(frozen=True)
class CharHit:
    start: int
    end: int
    rule: str
    severity: Severity
    message: str


def _neighbour_scripts(text: str, start: int, end: int) -> set[str]:
    """Scripts of the nearest letters on both sides of text[start:end] (skipping invisible marks)."""
    found: set[str] = set()
    for step, pos in ((-1, start - 1), (1, end)):
        while 0 <= pos < len(text) and (is_format(text[pos]) or unicodedata.category(text[pos]).startswith("M")):
            pos += step
        if 0 <= pos < len(text) and text[pos].isalpha():
            found.add(script(text[pos]))
        elif 0 <= pos < len(text) and _is_emoji(text[pos]):
            found.add("EMOJI")
    return found


def _is_emoji(ch: str) -> bool:
    o = ord(ch)
    return o >= 0x1F000 or 0x2600 <= o <= 0x27BF or 0x2300 <= o <= 0x23FF or o in (0x2B50, 0x2B55, 0xFE0F, 0x20E3)


def _line_has(text: str, pos: int, scripts: frozenset[str]) -> bool:
    start = text.rfind("\n", 0, pos) + 1
    end = text.find("\n", pos)
    line = text[start : end if end != -1 else len(text)]
    return any(c.isalpha() and script(c) in scripts for c in line)


def invisible_hits(text: str) -> Iterator[CharHit]:
    """Runs of invisible characters that nothing around them explains."""
    for match in INVISIBLE.finditer(text):
        run, start, end = match.group(), match.start(), match.end()
        if start == 0 and run == "\ufeff":
            continue  # a byte-order mark at the very start is harmless
        verdict = _judge_run(text, run, start, end)
        if verdict is not None:
            yield CharHit(start, end, verdict[0], verdict[1], verdict[2])


def explained(text: str, start: int, end: int) -> bool:
    """Whether the invisible run text[start:end] is ordinary spelling (Persian ZWNJ, an emoji joiner…)."""
    return _judge_run(text, text[start:end], start, end) is None


def _judge_run(text: str, run: str, start: int, end: int) -> tuple[str, Severity, str] | None:
    kinds = set(run)
    around = _neighbour_scripts(text, start, end)
    if _TAGS.fullmatch(run):
        if start > 0 and text[start - 1] == "\U0001f3f4":
            return None  # the tag sequence of a subdivision flag emoji
        hidden = "".join(chr(ord(c) - 0xE0000) for c in run if 0xE0020 <= ord(c) <= 0xE007E)
        return "invisible-unicode", Severity.HIGH, f"invisible tag characters spelling {hidden[:60]!r}"
    if all(_VARIATION.match(c) for c in run):
        if len(run) <= 2:
            return None  # an emoji or ideograph variant
        return "invisible-unicode", Severity.HIGH, f"{len(run)} variation selectors in a row can smuggle data"
    if kinds & set(_BIDI_OVERRIDES):
        rtl = _line_has(text, start, _RTL)
        sev = Severity.MEDIUM if rtl else Severity.HIGH
        return "bidi-control", sev, "a right-to-left/left-to-right override reorders how the text displays"
    if kinds <= set(_BIDI_EMBEDDINGS + _DIRECTION_MARKS):
        if _line_has(text, start, _RTL):
            return None  # direction marks and isolates are how mixed-direction lines are written
        return "bidi-control", Severity.HIGH, "bidirectional control in left-to-right text"
    if kinds & set(_BIDI_EMBEDDINGS + _DIRECTION_MARKS):
        return "bidi-control", Severity.HIGH, "bidirectional controls mixed with invisible characters"
    # Between letters of other scripts a stray mark is a typing accident, not a disguise for an English filter.
    foreign = bool(around) and "LATIN" not in around
    if kinds <= set(ZERO_WIDTH_JOINERS):
        if len(run) <= 2 and (around & _JOINING or "EMOJI" in around):
            return None  # Persian, Arabic, Indic spelling; emoji sequences
        return "invisible-unicode", _invisible_severity(run, foreign), "zero-width joiner"
    if kinds == {_ZWSP}:
        if len(run) == 1 and around & _UNSPACED:
            return None  # a word break in Thai, Khmer, Japanese…
        return "invisible-unicode", _invisible_severity(run, foreign), "zero-width space"
    if kinds == {_SOFT_HYPHEN}:
        return _judge_soft_hyphen(text, start, end)
    if kinds <= set(_HANGUL_FILLERS) and "HANGUL" in around:
        return None
    if kinds <= {"\u17b4", "\u17b5"} and "KHMER" in around:
        return None
    if kinds == {"\u180e"} and "MONGOLIAN" in around:
        return None
    foreign = bool(around) and "LATIN" not in around
    return "invisible-unicode", _invisible_severity(run, foreign), "invisible character"


def _invisible_severity(run: str, foreign: bool) -> Severity:
    if foreign:
        return Severity.LOW
    return Severity.MEDIUM if len(run) == 1 else Severity.HIGH


def _judge_soft_hyphen(text: str, start: int, end: int) -> tuple[str, Severity, str] | None:
    # A hyphenation hint belongs in a long word; inside a short one it only splits what a filter looks for.
    left = start
    while left > 0 and (text[left - 1].isalpha() or text[left - 1] == _SOFT_HYPHEN):
        left -= 1
    right = end
    while right < len(text) and (text[right].isalpha() or text[right] == _SOFT_HYPHEN):
        right += 1
    word = text[left:right].replace(_SOFT_HYPHEN, "")
    if start == left or end == right:
        return "invisible-unicode", Severity.LOW, "soft hyphen at a word edge"
    if len(word) >= 13 and text.count(_SOFT_HYPHEN, left, right) <= 3:
        return None
    # Hints at syllable joints of a long word (German and Dutch compounds): "Donau-dampf-schiff-fahrts-".
    syllables = [part for part in text[left:right].split(_SOFT_HYPHEN)]
    if len(word) >= 10 and min(len(part) for part in syllables) >= 3:
        return None
    return "invisible-unicode", Severity.MEDIUM, f"soft hyphen inside {word!r}"


_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")


# A line that names the trick it shows (a code point, the other script, the word for it) teaches
# it: an awareness note's "pаypal.com with a Cyrillic а (U+0430)" hides nothing.
_ANNOUNCED = re.compile(
    r"\bU\+[0-9A-F]{4,5}\b|cyrill\w*|kyrill\w*|cir[ií]lic\w*|кирилл\w*|greek|griech\w*|grec\w*|греч\w*"
    r"|homoglyph\w*|look-?alike|confusable|西里尔|西里爾|キリル|希腊|ギリシャ|키릴|그리스",
    re.IGNORECASE,
)


def lookalike_hits(text: str) -> Iterator[CharHit]:
    """Words that mix Latin letters with look-alikes from another script, or pass for Latin whole;
    low where their line says what they are."""
    for hit in _lookalikes(text):
        start, end = text.rfind("\n", 0, hit.start) + 1, text.find("\n", hit.end)
        if hit.severity > Severity.LOW and _ANNOUNCED.search(text, start, end if end != -1 else len(text)):
            yield CharHit(hit.start, hit.end, hit.rule, Severity.LOW, f"{hit.message}, as its line says")
        else:
            yield hit


def _lookalikes(text: str) -> Iterator[CharHit]:
    if text.isascii():
        return
    table = latin_lookalikes()
    words = list(_WORD.finditer(text))
    for n, match in enumerate(words):
        word = match.group()
        if word.isascii():
            continue
        scripts = [script(c) for c in word]
        latin = sum(s == "LATIN" for s in scripts)
        fakes = [c for c, s in zip(word, scripts, strict=True) if c in table and s != "LATIN"]
        others = len(word) - latin - len(fakes)
        styled = sum(1 for c in word if ord(c) > 0xFF00 or 0x1D400 <= ord(c) <= 0x1D7FF)
        if styled >= 3 and _mostly_latin_line(text, match.start()):
            shown = unicodedata.normalize("NFKC", word)
            yield CharHit(
                match.start(), match.end(), "lookalike-letters", Severity.MEDIUM, f"styled letters read {shown!r}"
            )
        elif latin and fakes:
            yield _mixed(match, word, scripts, latin, len(fakes), others, _mostly_latin_line(text, match.start()))
        elif (
            not latin
            and len(fakes) == len(word) >= 3
            and not word.isupper()
            and _mostly_latin_line(text, match.start())
        ):
            around = [w.group() for w in words[max(0, n - 1) : n + 2] if w is not match]
            if all(w.isascii() for w in around):
                shown = "".join(as_latin(c) or c for c in word)
                yield CharHit(
                    match.start(),
                    match.end(),
                    "lookalike-letters",
                    Severity.MEDIUM,
                    f"{script(word[0]).lower()} word in Latin text reads as {shown!r}",
                )


def _mixed(
    match: re.Match[str],
    word: str,
    scripts: list[str],
    latin: int,
    fakes: int,
    others: int,
    in_latin_text: bool,
) -> CharHit:
    runs = [s for i, s in enumerate(scripts) if i == 0 or s != scripts[i - 1]]
    glued = len(runs) == 2 and min(scripts.count(runs[0]), scripts.count(runs[1])) >= 3
    cased = all(c.islower() for c in word[1:]) or word.isupper()
    if latin < fakes + others or glued or not cased or not in_latin_text:
        # Two words run together, a Latin name with a Serbian case ending, odd casing: not a disguise.
        return CharHit(match.start(), match.end(), "mixed-script", Severity.LOW, "word mixes scripts")
    shown = "".join(as_latin(c) or c if s != "LATIN" else c for c, s in zip(word, scripts, strict=True))
    return CharHit(
        match.start(), match.end(), "lookalike-letters", Severity.MEDIUM, f"mixed-script word reads as {shown!r}"
    )


def _mostly_latin_line(text: str, pos: int) -> bool:
    start = text.rfind("\n", 0, pos) + 1
    end = text.find("\n", pos)
    letters = [c for c in text[start : end if end != -1 else len(text)] if c.isalpha()]
    return bool(letters) and sum(script(c) == "LATIN" for c in letters) >= 0.6 * len(letters)


def tag_text(text: str) -> str:
    """What Unicode tag characters spell ("ASCII smuggling"); empty if none."""
    return "".join(chr(ord(c) - 0xE0000) for c in text if 0xE0020 <= ord(c) <= 0xE007E)
