"""Content scanner for received field versions awaiting review.

It looks for what a person should see before an agent reads a stranger's
pages: text addressed to the agent that tries to steer it, characters a
reader cannot see, content hidden from the rendered page, links that lie
about where they go, and files that are not memory at all. It reports; the
person decides (``memsync accept`` / ``memsync reject``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from urllib.parse import urlparse

from .names import PAGE_SIZE_LIMIT, is_page

EXCERPT = 80


@dataclass(frozen=True)
class Finding:
    file: str
    line: int
    rule: str
    excerpt: str

    def to_json(self) -> dict[str, object]:
        return {"file": self.file, "line": self.line, "rule": self.rule, "excerpt": self.excerpt}

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.rule}: {self.excerpt}"


_I = re.IGNORECASE
# Text that addresses the reading agent rather than recording a fact.
_SENSITIVE = (
    r"(keys?|api[ _-]?keys?|tokens?|passwords?|passphrases?|secrets?|credentials?|cookies?|session|"
    r"conversation|chat|history|memor(y|ies)|context|system prompt|instructions|env(ironment)?( variables)?|"
    r"~/|\.ssh|\.env|id_rsa|id_ed25519|private|personal data|user'?s? data)"
)
_STEERING = [
    (
        "agent-instructions",
        re.compile(
            r"\b(ignore|disregard|forget|override)\b[^.\n]{0,40}\b(previous|prior|above|earlier|all|your|system)\b"
            r"[^.\n]{0,30}\b(instructions?|prompts?|rules|guidelines|directives|messages)\b",
            _I,
        ),
    ),
    (
        "agent-instructions",
        re.compile(
            r"\b(you are now|from now on,? you (are|will|must)|new instructions?:|pretend (to be|you are)|"
            r"you must (now )?(obey|follow) (these|the following))",
            _I,
        ),
    ),
    (
        "role-marker",
        re.compile(
            r"(<\|?(im_start|im_end|system|assistant|user)\|?>|\[/?INST\]|<</?SYS>>"
            r"|^[ \t]*#{1,6}[ \t]*(system|assistant)[ \t]*:?[ \t]*$|^[ \t]*(system|assistant)[ \t]*:[ \t]"
            r"|\bsystem prompt\b)",
            _I | re.MULTILINE,
        ),
    ),
    (
        "tool-call",
        re.compile(
            r"(<\/?(tool_call|tool_use|function_calls?|invoke|antml:[a-z_]+)\b|\"(function_call|tool_calls)\"\s*:"
            r"|\{\s*\"name\"\s*:\s*\"[^\"]+\"\s*,\s*\"(arguments|parameters)\"\s*:)",
            _I,
        ),
    ),
    # Sending something an agent holds (keys, memory, the conversation) somewhere.
    (
        "exfiltration",
        re.compile(
            r"\b(send|post|upload|forward|email|exfiltrate|leak|transmit|copy|paste)\b[^\n]{0,60}"
            + _SENSITIVE
            + r"[^\n]{0,60}\b(to|at|into)\b[^\n]{0,20}(https?://|[\w.-]+@[\w-]+\.[\w.]+|webhook|pastebin)",
            _I,
        ),
    ),
    (
        "exfiltration",
        re.compile(
            r"\b(curl|wget)\b[^\n]{0,80}(\s-d\s|\s--data|\s--upload-file|\s-T\s|\s-F\s|\s--post-(data|file)"
            r"|\|\s*(ba|z)?sh\b)",
            _I,
        ),
    ),
]
_INVISIBLE = re.compile("[\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\U000e0000-\U000e007f]")
_HTML_COMMENT = re.compile(r"<!--(.*?)-->", re.DOTALL)
_DATA_URI = re.compile(r"\bdata:[a-z]+/[a-z0-9.+-]+[;,]", _I)
_BASE64_BLOB = re.compile(r"[A-Za-z0-9+/]{200,}={0,2}")
_LINK = re.compile(r"\[([^\]\n]{1,200})\]\((\S+?)(?:\s+\"[^\"]*\")?\)")
# Only names that read as web hosts: "Node.js" and "README.md" are not.
_HOSTLIKE = re.compile(
    r"\b((?:[a-z0-9-]+\.)+(?:com|org|net|io|dev|co|uk|de|fr|eu|us|ai|app|gov|edu|info|biz|me|xyz|ca|au|jp|nl"
    r"|ch|se|no|es|it|pl|br|in|ru|cn))\b",
    _I,
)
_EXECUTABLE_SUFFIXES = (
    ".sh",
    ".bash",
    ".zsh",
    ".py",
    ".pyc",
    ".pl",
    ".rb",
    ".js",
    ".mjs",
    ".ts",
    ".php",
    ".exe",
    ".dll",
    ".so",
    ".dylib",
    ".bat",
    ".cmd",
    ".ps1",
    ".vbs",
    ".jar",
    ".wasm",
    ".app",
    ".command",
    ".desktop",
    ".lnk",
    ".scr",
    ".html",
    ".htm",
    ".svg",
)
_BINARY_MAGIC = (b"\x7fELF", b"MZ", b"\xcf\xfa\xed\xfe", b"\xfe\xed\xfa\xcf", b"\xca\xfe\xba\xbe", b"#!")


def is_executable(name: str, data: bytes) -> bool:
    return name.lower().endswith(_EXECUTABLE_SUFFIXES) or data.startswith(_BINARY_MAGIC)


def scan_files(files: Iterable[tuple[str, bytes]]) -> list[Finding]:
    findings: list[Finding] = []
    for name, data in files:
        findings.extend(scan_file(name, data))
    return findings


def scan_file(name: str, data: bytes) -> list[Finding]:
    if is_executable(name, data):
        return [Finding(name, 0, "executable-file", "scripts and programs are not memory; never run them")]
    if name.lower().endswith((".sqlite3", ".sqlite3-wal", ".sqlite3-shm", ".sqlite3-journal")):
        return [Finding(name, 0, "vector-index", "dropped: the vector cache is rebuilt locally")]
    if not is_page(name):
        return []
    out: list[Finding] = []
    if len(data) > PAGE_SIZE_LIMIT:
        out.append(Finding(name, 0, "oversized-page", f"{len(data)} bytes (pages should stay under {PAGE_SIZE_LIMIT})"))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        return [*out, Finding(name, 0, "not-utf8", f"byte {exc.start} is not UTF-8")]
    out.extend(_scan_text(name, text))
    return out


def _line_of(text: str, pos: int) -> int:
    return text.count("\n", 0, pos) + 1


def _excerpt(text: str, start: int, end: int) -> str:
    snippet = text[max(0, start - 10) : min(len(text), end + 10)]
    shown = _INVISIBLE.sub(lambda m: f"<U+{ord(m.group()):04X}>", snippet).replace("\n", "⏎")
    return shown[: EXCERPT * 2] if len(shown) > EXCERPT * 2 else shown


def _scan_text(name: str, text: str) -> list[Finding]:
    out: list[Finding] = []

    def add(rule: str, match: re.Match[str]) -> None:
        out.append(Finding(name, _line_of(text, match.start()), rule, _excerpt(text, match.start(), match.end())))

    for rule, pattern in _STEERING:
        for match in pattern.finditer(text):
            add(rule, match)
    for match in _INVISIBLE.finditer(text):
        if match.start() == 0 and match.group() == "\ufeff":
            continue  # a byte-order mark at the very start is harmless
        if match.group() == "\u200d" and _joins_emoji(text, match.start()):
            continue  # the joiner inside an emoji sequence such as a farmer with a woman
        add("invisible-unicode", match)
    for match in _HTML_COMMENT.finditer(text):
        add("hidden-comment", match)
    for match in _DATA_URI.finditer(text):
        add("data-uri", match)
    for match in _BASE64_BLOB.finditer(text):
        add("base64-blob", match)
    for match in _LINK.finditer(text):
        label, target = match.group(1), match.group(2)
        named = {h.lower().removeprefix("www.") for h in _HOSTLIKE.findall(label)}
        host = (urlparse(target).hostname or "").lower().removeprefix("www.")
        if named and host and host not in named and not any(host.endswith("." + n) for n in named):
            add("deceptive-link", match)
    return _dedupe(out)


def _joins_emoji(text: str, pos: int) -> bool:
    before = text[pos - 1] if pos > 0 else ""
    after = text[pos + 1] if pos + 1 < len(text) else ""
    return all(c and (ord(c) >= 0x1F000 or 0x2600 <= ord(c) <= 0x27BF or ord(c) == 0xFE0F) for c in (before, after))


def _dedupe(findings: list[Finding]) -> list[Finding]:
    seen: set[tuple[str, int, str]] = set()
    unique = []
    for f in findings:
        key = (f.file, f.line, f.rule)
        if key not in seen:
            seen.add(key)
            unique.append(f)
    return unique
