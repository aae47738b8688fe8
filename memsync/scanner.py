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

from .names import PAGE_SIZE_LIMIT, is_page
from .scan import markup, rules
from .scan import unicode as uni
from .scan.claims import Known, claim_hits
from .scan.findings import ATTENTION, EXCERPT, Finding, Severity, dedupe, excerpt, line_of
from .scan.text import Context, frontmatter_fields, frontmatter_view, normalise, rot13_view

__all__ = ["ATTENTION", "EXCERPT", "Finding", "Known", "Severity", "is_executable", "scan_file", "scan_files"]

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
_MAX_DOCUMENTARY = 2


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
    old = previous.decode("utf-8", "replace") if previous is not None else None
    out.extend(scan_text(name, text, old, known or Known()))
    return dedupe(out)


def scan_text(name: str, raw: str, previous: str | None = None, known: Known | None = None) -> list[Finding]:
    """Findings for one page's text; ``previous`` is the live version it would replace."""
    ctx = Context.of(raw)
    out: list[Finding] = []
    # Rules read the normalised text; a hit whose span needed an undoing edit names the disguise.
    views = [normalise(raw), frontmatter_view(raw), rot13_view(raw)]
    primary: list[tuple[int, int, str]] = []
    for n, view in enumerate(v for v in views if v is not None):
        for hit in rules.content_hits(view.text):
            start, end = view.raw_span(hit.start, hit.end)
            if n and any(r == hit.rule and s < end and start < e for s, e, r in primary):
                continue  # the page's own text already showed it
            if not n:
                primary.append((start, end, hit.rule))
            disguises = view.disguises(start, end)
            seen_as = view.text[hit.start : hit.end] if disguises else None
            out.append(_finding(name, ctx, hit, start, end, disguises, seen_as))
    for hit in (
        *markup.link_hits(raw),
        *markup.data_uri_hits(raw),
        *markup.blob_hits(raw),
        *markup.encoded_text_hits(raw),
    ):
        out.append(_finding(name, ctx, hit, hit.start, hit.end, set(), None))
    for hit in markup.split_sentence_hits(frontmatter_fields(raw)):
        out.append(_finding(name, ctx, hit, hit.start, hit.end, {"split across frontmatter fields"}, None))
    for hit in markup.hidden_text_hits(raw, ctx.hidden):
        out.append(_finding(name, ctx, hit, hit.start, hit.end, set(), None))
    for c in (*uni.invisible_hits(raw), *uni.lookalike_hits(raw)):
        shown = excerpt(raw, c.start, c.end)
        out.append(Finding(name, line_of(raw, c.start), c.rule, shown, c.severity, c.message))
    for hit in claim_hits(raw, previous, known or Known()):
        out.append(_finding(name, ctx, hit, hit.start, hit.end, set(), None))
    return dedupe(out)


def _finding(
    name: str, ctx: Context, hit: rules.Hit, start: int, end: int, disguises: set[str], seen_as: str | None
) -> Finding:
    sev, why = _weigh(ctx, hit, start, end, disguises)
    message = hit.message
    if seen_as is not None:
        message += f"; reads as {' '.join(seen_as.split())[:EXCERPT]!r}"
    return Finding(
        name,
        line_of(ctx.raw, start),
        hit.rule,
        excerpt(ctx.raw, start, end),
        sev,
        message,
        tuple(sorted(disguises)),
        tuple(why),
    )


def _weigh(ctx: Context, hit: rules.Hit, start: int, end: int, disguises: set[str]) -> tuple[Severity, list[str]]:
    """The hit's severity moved by where it sits; and the reasons, for the reviewer."""
    up, why = 0, []
    hidden = ctx.hidden_kind(start, end)
    if hidden:
        up += 1
        why.append(f"hidden in {hidden}")
        disguises.add("hidden markup")
    disguised = bool(disguises - {"hidden markup"})
    down = 0
    code = ctx.code_block(start, end)
    if code == "code":
        down += hit.code_penalty
        why.append("code block")
    elif code == "prose" or ctx.in_span(start, end):
        down += min(1, hit.code_penalty)
        why.append("code block" if code else "code span")
    if hit.describable and not hidden:
        for reason, applies in (
            ("quoted", ctx.quoted(start, end)),
            ("example", ctx.example(start, end)),
            ("security write-up", ctx.security_page),
        ):
            if applies:
                down += 1
                why.append(reason)
        if hit.rule == "agent-instructions" and ctx.for_a_person(start, end):
            down += 2
            why.append("instructions for a person")
        down = min(down, _MAX_DOCUMENTARY + (1 if ctx.security_page else 0))
    if not down and disguised:
        up += 1
        why.append("disguised")
    if not down and hit.boost and ctx.addressed_to_agent(start, end):
        up += 1
        why.append("addressed to an AI")
    return hit.severity.shifted(up - down), why


def needs_attention(findings: Iterable[Finding]) -> list[Finding]:
    return [f for f in findings if f.severity >= ATTENTION]
