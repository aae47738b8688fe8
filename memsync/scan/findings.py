"""What the scanner reports: a finding with a severity, on a page and line."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import IntEnum

EXCERPT = 80


class Severity(IntEnum):
    INFO = 0  # listed for completeness (a new host, a dropped index file)
    LOW = 1  # worth a glance; ordinary documentation has these
    MEDIUM = 2  # a reviewer should look before accepting
    HIGH = 3  # text or files that act on an agent or hide from the reader

    @property
    def label(self) -> str:
        return self.name.lower()

    def shifted(self, by: int) -> Severity:
        return Severity(min(Severity.HIGH, max(Severity.INFO, self + by)))


# The review's summary and the benchmark's false-positive count start here.
ATTENTION = Severity.MEDIUM


@dataclass(frozen=True)
class Finding:
    file: str
    line: int
    rule: str
    excerpt: str
    severity: Severity = Severity.MEDIUM
    message: str = ""
    # Which disguises the rule saw through ("look-alike letters", "base64"…); empty when raw text matched.
    disguise: tuple[str, ...] = field(default_factory=tuple)
    # Why the severity was lowered or raised ("code block", "quoted example", "hidden markup"…).
    context: tuple[str, ...] = field(default_factory=tuple)

    @property
    def needs_attention(self) -> bool:
        return self.severity >= ATTENTION

    def to_json(self) -> dict[str, object]:
        return {
            "file": self.file,
            "line": self.line,
            "severity": self.severity.label,
            "rule": self.rule,
            "message": self.message,
            "excerpt": self.excerpt,
            "disguise": list(self.disguise),
            "context": list(self.context),
            "attention": self.needs_attention,
        }

    def where(self) -> str:
        return f"{self.file}:{self.line}"

    def __str__(self) -> str:
        seen = f" [seen through: {', '.join(self.disguise)}]" if self.disguise else ""
        return f"{self.where()}: {self.rule}: {self.excerpt}{seen}"


def sort_key(f: Finding) -> tuple[int, str, int, str]:
    return (-f.severity, f.file, f.line, f.rule)


def dedupe(findings: list[Finding]) -> list[Finding]:
    """One finding per file, line and rule: the most severe, and of equals the one raw text showed."""
    best: dict[tuple[str, int, str], Finding] = {}
    for f in findings:
        key = (f.file, f.line, f.rule)
        old = best.get(key)
        if old is None or (f.severity, -len(f.disguise)) > (old.severity, -len(old.disguise)):
            best[key] = f
    return sorted(best.values(), key=lambda f: (f.file, f.line, f.rule))


# Characters a terminal would hide or use to reorder text: shown as <U+XXXX> in excerpts.
_UNSHOWABLE = re.compile(
    "[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164"
    "\ufe00-\ufe0f\ufeff\uffa0\U000e0000-\U000e007f\U000e0100-\U000e01ef\x00-\x08\x0b-\x1f\x7f]"
)


def excerpt(text: str, start: int, end: int) -> str:
    """The matched text on its line, a little context around it, invisible characters made visible."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", start)
    line_end = len(text) if line_end == -1 else line_end
    lo = max(line_start, start - 20)
    hi = min(line_end, max(end, start + 1) + 40)
    snippet = text[lo:hi]
    shown = _UNSHOWABLE.sub(lambda m: f"<U+{ord(m.group()):04X}>", snippet)
    shown = ("…" if lo > line_start else "") + " ".join(shown.split()) + ("…" if hi < line_end or end > hi else "")
    return shown if len(shown) <= EXCERPT * 2 else shown[: EXCERPT * 2 - 1] + "…"


def line_of(text: str, pos: int) -> int:
    return text.count("\n", 0, pos) + 1
