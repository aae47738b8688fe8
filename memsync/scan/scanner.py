"""Content scanner for received field versions awaiting review.

It looks for what a person should see before an agent reads a stranger's
pages: text addressed to the agent that tries to steer it (in many
languages, and through disguises: look-alike letters, invisible characters,
encodings, hidden markup, instructions split across frontmatter fields),
characters a reader cannot see, links that lie about where they go, files
that are not memory at all, and what a new version claims that the live
field did not (payment details, keys, changed contacts, standing policies).

Every finding has a severity. Where the text sits moves it: an attack quoted
in a code block of a security write-up is lower than the same words
addressed to the reader, and hidden or disguised text is higher. The
scanner is a reviewer's aid: it reports, the person decides
(``memsync accept`` / ``memsync reject``), and no pattern list can promise
to catch a determined attacker.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from ..names import PAGE_SIZE_LIMIT, is_page
from .findings import ATTENTION, EXCERPT, Finding, Severity, dedupe

if TYPE_CHECKING:
    from .claims import Known

__all__ = ["ATTENTION", "EXCERPT", "Finding", "Severity", "is_executable", "scan_file", "scan_files"]

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


def scan_files(
    files: Iterable[tuple[str, bytes]],
    live: Mapping[str, bytes] | None = None,
    renamed: Mapping[str, str] | None = None,
) -> list[Finding]:
    """Findings for ``files``; ``live`` (the live field's files) makes the claims diff-aware.

    A page's previous version is the live file of the same name, or of the
    name it was renamed from (``renamed`` maps new name to old).
    """
    from .claims import Known  # the rule tables take ~0.1 s to build: only commands that scan pay for them

    live = live or {}
    known = Known()
    for name, data in live.items():
        if is_page(name):
            known.learn(data.decode("utf-8", "replace"))
    findings: list[Finding] = []
    for name, data in files:
        previous = live.get((renamed or {}).get(name, name))
        findings.extend(scan_file(name, data, previous, known))
    return findings


def scan_file(name: str, data: bytes, previous: bytes | None = None, known: Known | None = None) -> list[Finding]:
    if is_executable(name, data):
        return [
            Finding(name, 0, "executable-file", "scripts and programs are not memory; never run them", Severity.HIGH)
        ]
    if name.lower().endswith((".sqlite3", ".sqlite3-wal", ".sqlite3-shm", ".sqlite3-journal")):
        return [Finding(name, 0, "vector-index", "dropped: the vector cache is rebuilt locally", Severity.INFO)]
    if not is_page(name):
        return []
    out: list[Finding] = []
    if len(data) > PAGE_SIZE_LIMIT:
        size = f"{len(data)} bytes (pages should stay under {PAGE_SIZE_LIMIT})"
        out.append(Finding(name, 0, "oversized-page", size, Severity.LOW, "more text than a reviewer reads closely"))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        return [*out, Finding(name, 0, "not-utf8", f"byte {exc.start} is not UTF-8", Severity.MEDIUM)]
    from .page import scan_text

    old = previous.decode("utf-8", "replace") if previous is not None else None
    out.extend(scan_text(name, text, old, known))
    return dedupe(out)
