"""One page's text through every rule, each hit weighed by where it sits."""

from __future__ import annotations

import re
from dataclasses import replace

from .. import frontmatter
from ..errors import InputError
from . import directives, markup, rules
from . import unicode as uni
from .claims import Known, claim_hits
from .findings import EXCERPT, Finding, Severity, dedupe, excerpt, line_of
from .text import Context, frontmatter_fields, frontmatter_view, normalise, rot13_view

_MAX_DOCUMENTARY = 2


def scan_text(name: str, raw: str, previous: str | None = None, known: Known | None = None) -> list[Finding]:
    """Findings for one page's text; ``previous`` is the live version it would replace."""
    ctx = Context.of(raw)
    out: list[Finding] = []
    # Rules read the normalised text; a hit whose span needed an undoing edit names the disguise.
    normal = normalise(raw)
    views = [normal, frontmatter_view(raw), rot13_view(raw)]
    ctx.directed = directives.directs_an_agent(normal.text)
    ctx.waived = directives.waives_a_check(normal.text)
    primary: list[tuple[int, int, str]] = []
    for n, view in enumerate(v for v in views if v is not None):
        for hit in (*rules.content_hits(view.text), *directives.content_hits(view.text)):
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
        *markup.host_hits(raw),
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
    out += reserved_keys(name, raw)
    return dedupe(_catalogue(out))


# Three payloads or more, each quoted, in a table or a code span: a page that lists attacks (an eval
# set, an explainer, a red-team log), not one that makes one. Each weighs a step less.
_CATALOGUE = 3
_LISTED = frozenset({"quoted", "code span", "example"})
_PAYLOAD_RULES = frozenset(
    {"agent-instructions", "agent-directive", "exfiltration", "secret-request", "tool-hijack", "tool-call", "secrecy"}
)


def _catalogue(findings: list[Finding]) -> list[Finding]:
    listed = [f for f in findings if f.rule in _PAYLOAD_RULES and _LISTED & set(f.context) and not f.disguise]
    if len({f.line for f in listed}) < _CATALOGUE:
        return findings
    lowered = {id(f) for f in listed}
    return [
        replace(f, severity=f.severity.shifted(-1), context=(*f.context, "one of many quoted payloads"))
        if id(f) in lowered
        else f
        for f in findings
    ]


def _handed_over(ctx: Context, start: int, end: int, fenced: bool) -> bool:
    """Whether the prose hands a command over to be run: the line introducing its block, or the
    sentence around its code span, says to run it or is a step, or a label introduces the span
    ("Empty trash: `rm …`")."""
    if fenced:
        return directives.tells_to_run(ctx.raw, *ctx.introduction(start))
    labelled = ctx.raw[max(0, start - 3) : start].rstrip("`").rstrip().endswith(":")
    return labelled or directives.tells_to_run(ctx.raw, *ctx.sentence(start, end))


RESERVED_PREFIX = "memsync_"
_RESERVED_KEY = re.compile(r"""^(["']?)(memsync_[^\s:"']*)\1[ \t]*:""", re.MULTILINE)
_RESERVED_MESSAGE = (
    "frontmatter key {key!r}: memsync reserves memsync_ keys and never reads provenance from a page; "
    "this key claims to say where the page came from or who signed it (memsync's own record says that)"
)


def reserved_keys(name: str, raw: str) -> list[Finding]:
    """A top-level frontmatter key starting with ``memsync_`` (one memsync reserves) is
    a claim about the page's provenance that memsync never takes from a page: high."""
    block, _ = frontmatter.split(raw)
    if block is None:
        return []
    start = raw.find(block)
    out, seen = [], set()
    for m in _RESERVED_KEY.finditer(block):
        at = start + m.start()
        seen.add(m.group(2))
        message = _RESERVED_MESSAGE.format(key=m.group(2))
        out.append(
            Finding(
                name, line_of(raw, at), "reserved-key", excerpt(raw, at, at + len(m.group(0))), Severity.HIGH, message
            )
        )
    try:
        keys = frontmatter.parse(raw)
    except InputError:
        keys = {}
    for key in keys:  # written some other way (a flow mapping, an escaped quote): the block's first line
        if key.startswith(RESERVED_PREFIX) and key not in seen:
            shown = excerpt(raw, start, start + len(key))
            out.append(
                Finding(
                    name, line_of(raw, start), "reserved-key", shown, Severity.HIGH, _RESERVED_MESSAGE.format(key=key)
                )
            )
    return out


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
    # A command is weighed by whether the page hands it over to be run, not by its being code.
    handed = None
    if hit.rule == "tool-hijack" and (code or ctx.in_span(start, end)) and not ctx.directed:
        handed = _handed_over(ctx, start, end, code is not None)
    if code == "code" and ctx.directed and hit.rule == "tool-hijack":
        why.append("code block on a page that tells an agent to act")
    elif code == "code" and handed:
        # Handed over on a page that waives a check or hides something, a command keeps its weight.
        left = hit.handed_penalty if ctx.waived else max(hit.handed_penalty, 1)
        down += min(hit.code_penalty, left)
        why.append("code block, handed over to run")
    elif code == "code":
        down += hit.code_penalty
        why.append("code block")
    elif code == "prose" and not disguised:
        down += 1  # sentences someone fenced are quoted, whatever they say; a fenced encoding hides
        why.append("fenced text")
    elif ctx.in_span(start, end):
        down += min(1, hit.code_penalty)
        why.append("code span")
    if handed is False:
        # A command shown, not handed over: a postmortem's "the line expanded to `rm -rf /*`",
        # a cron line that "was changed to:". Nothing around it says to run it.
        down += 1
        why.append("shown, not handed over to run")
    if hit.describable and not hidden:
        for reason, applies in (
            # An order in an inline code span is quoted for the reader, whatever a code block would do to it.
            ("quoted in a code span", code is None and ctx.in_span(start, end) and hit.rule == "agent-directive"),
            ("quoted", ctx.quoted(start, end)),
            ("example", ctx.example(start, end, code_too=hit.rule == "tool-call")),
            ("tool documentation", hit.rule == "tool-call" and ctx.defines_tools),
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
