"""What a person needs to decide on a quarantined version, in the order they read it.

First a summary that fits a screen: where the version came from, who signed
it, what it does to the pin, how many pages it adds, changes and removes, and
every finding worth a look sorted by severity with its page and line (the
optional judge's verdicts among them, and one line for the judge). Then,
per page with findings, those findings beside the part of the diff against
the live field they sit in. Then the info notes (a new host, a new address),
one line per thing they say with every page it is on: context that must not
bury the findings. Then a one-line list of the other changes. Full
diffs come last and only when asked for (``full``); ``--json`` carries the same
structure and always has the diffs.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import keyring, trust
from .field import scan
from .frontmatter import page_uuid
from .ignore import rules, unignored
from .judge import Judge, Verdicts
from .judge import run as run_judge
from .limits import MAX_DIFF_LINES
from .manifest import Manifest
from .names import is_page
from .scan import scanner
from .scan.findings import ATTENTION, Finding, Severity, sort_key
from .store import StagedVersion
from .workspace import Workspace

SUMMARY_FINDINGS = 15  # findings listed in the summary; the rest are in the page sections
CONTEXT_LINES = 3  # diff lines shown around a finding
PAGE_DIFF_LINES = 40  # diff lines shown beside one page's findings
NOTE_PAGES = 5  # pages named on one grouped info line; the rest are counted
NOTE_LINES = 20  # grouped info lines shown; --json lists every note
_MARK = {"added": "+", "changed": "~", "removed": "-", "renamed": ">", "dropped": "x"}
_HUNK = re.compile(r"^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@")


@dataclass
class PageReport:
    name: str
    change: str  # added, changed, removed, renamed, or dropped (arrived but not taken)
    old_name: str | None = None
    findings: list[Finding] = field(default_factory=list)
    diff: str = ""

    def title(self) -> str:
        shown = f"{self.old_name} → {self.name}" if self.change == "renamed" else self.name
        return f"  {_MARK[self.change]} {shown}"

    def shown(self) -> list[Finding]:
        """The findings shown beside the page's diff: info notes are grouped across pages instead."""
        return [f for f in self.findings if f.severity > Severity.INFO]

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "change": self.change,
            "from": self.old_name,
            "findings": [f.to_json() for f in self.findings],
            "diff": self.diff,
        }


@dataclass
class Note:
    """Info findings of one rule that say the same thing, and the files they were on."""

    rule: str
    says: str
    files: list[str] = field(default_factory=list)

    def line(self) -> str:
        named = ", ".join(self.files[:NOTE_PAGES])
        if len(self.files) > NOTE_PAGES:
            named += f", … {len(self.files) - NOTE_PAGES} more"
        kind = "page" if all(is_page(f) for f in self.files) else "file"
        count = f"{len(self.files)} {kind}{'s' if len(self.files) > 1 else ''}"
        return f"  {self.rule}: {self.says} — {count}: {named}"


@dataclass
class Review:
    digest: str
    source: str | None
    reason: str | None
    signer: str | None
    signature_problem: str | None
    field_name: str | None = None
    pin: dict[str, Any] | None = None
    unchanged: int = 0
    added: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    renamed: list[tuple[str, str]] = field(default_factory=list)
    diffs: dict[str, str] = field(default_factory=dict)
    findings: list[Finding] = field(default_factory=list)
    pages: list[PageReport] = field(default_factory=list)
    #: The live field the changes were shown against (accept applies only onto it).
    live_digest: str = Manifest().digest
    #: What the optional judge said (its findings are among ``findings``); None: no judge asked.
    judged: Verdicts | None = None

    # -- the summary -----------------------------------------------------------------

    def pin_change(self) -> str:
        if self.pin is None:
            return "none yet: accepting pins this version"
        old = f"{str(self.pin.get('digest'))[:19]}… accepted {self.pin.get('time', '?')} ({self.pin.get('accepted')})"
        if self.pin.get("source") not in (None, self.source):
            return f"{old} from {self.pin.get('source')}; this version comes from another source"
        return f"{old} → this version"

    def counts(self) -> dict[str, int]:
        by_severity = {s.label: 0 for s in reversed(Severity)}
        for f in self.findings:
            by_severity[f.severity.label] += 1
        return by_severity

    def summary(self) -> dict[str, Any]:
        return {
            "field": self.field_name,
            "digest": self.digest,
            "source": self.source,
            "held": self.reason,
            "signer": self.signer,
            "signature_problem": self.signature_problem,
            "pin": self.pin,
            "pin_change": self.pin_change(),
            "pages": {
                "added": len(self.added),
                "changed": len(self.changed),
                "removed": len(self.removed),
                "renamed": len(self.renamed),
                "unchanged": self.unchanged,
            },
            "findings": self.counts(),
            "attention_from": ATTENTION.label,
            "judge": self.judged.to_json() if self.judged else None,
        }

    def summary_lines(self) -> list[str]:
        signed = f"{self.signer}" if self.signer else f"nobody we trust ({self.signature_problem})"
        counts = self.counts()
        pages = (
            f"{len(self.added)} added, {len(self.changed)} changed, {len(self.removed)} removed, "
            f"{len(self.renamed)} renamed, {self.unchanged} unchanged"
        )
        out = [
            f"review of quarantined {self.digest}" + (f" (field {self.field_name})" if self.field_name else ""),
            f"  from: {self.source or '?'}",
            f"  held: {self.reason or '?'}",
            f"  signed: {signed}",
            f"  pin: {self.pin_change()}",
            f"  pages: {pages}",
            "  findings: "
            + ", ".join(f"{n} {label}" for label, n in counts.items())
            + f" ({ATTENTION.label} and above need a look)",
        ]
        if self.judged:
            out.append(f"  {self.judged.line()}")
        listed = [f for f in self.findings if f.severity > Severity.INFO]
        if not listed:
            return [*out, "", "no findings above info"]
        out += ["", "findings, most severe first:"]
        width = max(len(f.where()) for f in listed[:SUMMARY_FINDINGS])
        for f in listed[:SUMMARY_FINDINGS]:
            seen = f" [seen through: {', '.join(f.disguise)}]" if f.disguise else ""
            out.append(f"  {f.severity.label.upper():6} {f.where():{width}}  {f.rule}: {f.excerpt}{seen}")
        if len(listed) > SUMMARY_FINDINGS:
            out.append(f"  … {len(listed) - SUMMARY_FINDINGS} more in the pages below")
        return out

    # -- the whole report --------------------------------------------------------------

    def notes(self) -> list[Note]:
        """The info findings, one per thing they say: the same new host on forty pages is one note."""
        grouped: dict[tuple[str, str], Note] = {}
        for f in self.findings:
            if f.severity == Severity.INFO:
                # The message names the host or address; the excerpt is all a few file-level notes have.
                says = f.message or f.excerpt
                note = grouped.setdefault((f.rule, says), Note(f.rule, says))
                if f.file not in note.files:
                    note.files.append(f.file)
        return sorted(grouped.values(), key=lambda n: (n.rule, n.says))

    def lines(self, full: bool = False) -> list[str]:
        out = self.summary_lines()
        flagged = [p for p in self.pages if any(f.severity > Severity.INFO for f in p.findings)]
        if flagged:
            out += ["", "pages with findings, beside their diff against the live field:"]
            for page in flagged:
                out += ["", _page_heading(page)]
                for f in page.shown():
                    seen = f"; seen through {', '.join(f.disguise)}" if f.disguise else ""
                    why = f"; {', '.join(f.context)}" if f.context else ""
                    out.append(f"    {f.severity.label.upper():6} line {f.line}: {f.rule} — {f.message}{seen}{why}")
                    out.append(f"           {f.excerpt}")
                out += [f"    | {line}" for line in _diff_near(page)]
        # After everything that needs a look: a note is context, and one per page would bury the findings.
        notes = self.notes()
        if notes:
            out += ["", "info notes, each with the pages it is on:"]
            out += [n.line() for n in notes[:NOTE_LINES]]
            if len(notes) > NOTE_LINES:
                out.append(f"  … {len(notes) - NOTE_LINES} more notes: --json lists every finding")
        others = [p for p in self.pages if p not in flagged]
        if others:
            out += ["", "other changes:"]
            out += [p.title() for p in others]
        if full:
            for name, diff in self.diffs.items():
                out += ["", f"--- {name}", *diff.splitlines()]
        elif self.diffs:
            field = self.field_name or "FIELD"
            out += ["", f"{len(self.diffs)} full diff(s) not shown: memsync review {field} --full"]
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "summary": self.summary(),
            "findings": [f.to_json() for f in self.findings],
            "pages": [p.to_json() for p in self.pages],
            # The flat lists of earlier versions, for scripts that read them.
            "digest": self.digest,
            "source": self.source,
            "reason": self.reason,
            "signer": self.signer,
            "signature_problem": self.signature_problem,
            "added": self.added,
            "changed": self.changed,
            "removed": self.removed,
            "renamed": [{"from": a, "to": b} for a, b in self.renamed],
            "diffs": self.diffs,
        }


def _page_heading(page: PageReport) -> str:
    worst = max(f.severity for f in page.findings)
    return f"{page.title()}  ({page.change}; {len(page.shown())} finding(s), worst {worst.label})"


def _diff_near(page: PageReport) -> list[str]:
    """The diff lines within a few lines of the page's findings, numbered as the incoming page."""
    lines = page.diff.splitlines()
    wanted = {f.line for f in page.shown() if f.line > 0}
    if not wanted or page.change in ("removed", "dropped"):
        return lines[:PAGE_DIFF_LINES]
    shown: list[str] = []
    last: int | None = None
    new_line = 0
    for line in lines:
        hunk = _HUNK.match(line)
        if hunk:
            new_line = int(hunk.group(1))
            continue
        if new_line == 0:
            continue  # the ---/+++ header
        here = new_line
        if not line.startswith("-"):
            new_line += 1
        if any(abs(here - w) <= CONTEXT_LINES for w in wanted):
            if last is not None and here > last + 1:
                shown.append("…")
            shown.append(f"{here:4} {line}")
            last = here
    if len(shown) > PAGE_DIFF_LINES:
        shown = [*shown[:PAGE_DIFF_LINES], f"… {len(shown) - PAGE_DIFF_LINES} more lines with --full"]
    return shown


def review(
    ws: Workspace, live_root: Path, staged: StagedVersion, meta: dict[str, Any], judge: Judge | None = None
) -> Review:
    field_name = meta.get("field")
    members = ws.member_dirs(field_name) if field_name in ws.fields else frozenset()  # a tree root's subfolders
    ignore = rules(live_root, ws.text_setting("ignore"))
    live = scan(live_root, None, members, ignore=ignore) if live_root.exists() else Manifest()
    # What this folder ignores is neither applied here nor reviewed (memsync.ignore).
    incoming = Manifest(unignored(staged.manifest, ignore)) if ignore is not None else staged.manifest
    signers, _ = keyring.trusted(ws)
    signer, problem = trust.check_signature(staged.manifest, staged.signature, signers)
    pin = trust.read_pins(ws).get(field_name) if field_name else None
    result = Review(staged.digest, meta.get("source"), meta.get("reason"), signer, problem, field_name, pin)
    result.live_digest = live.digest
    added = [n for n in incoming if n not in live]
    removed = [n for n in live if n not in incoming]
    # A page that left one name and arrived under another with the same uuid is a rename.
    gone_by_uuid = {page_uuid((live_root / n).read_bytes()): n for n in removed if is_page(n)}
    for name in list(added):
        old = gone_by_uuid.get(page_uuid(staged.read(name))) if is_page(name) else None
        if old is not None and old in removed:
            result.renamed.append((old, name))
            added.remove(name)
            removed.remove(old)
            if (live_root / old).read_bytes() != staged.read(name):
                result.diffs[name] = _diff(old, name, (live_root / old).read_bytes(), staged.read(name))
    result.added, result.removed = added, removed
    result.changed = [n for n in incoming if n in live and live[n] != incoming[n]]
    result.unchanged = sum(1 for n in incoming if n in live and live[n] == incoming[n])
    for name in result.changed:
        result.diffs[name] = _diff(name, name, (live_root / name).read_bytes(), staged.read(name))
    for name in result.added:
        result.diffs[name] = _diff("/dev/null", name, b"", staged.read(name))

    # Only what this version changes is new to the reviewer; the live field is the baseline for claims.
    live_files = {n: (live_root / n).read_bytes() for n in live if is_page(n)}
    renamed = {new: old for old, new in result.renamed}
    touched = [*result.added, *result.changed, *renamed]
    findings = scanner.scan_files(((n, staged.read(n)) for n in touched), live_files, renamed)
    findings += [
        Finding(n, 0, "dropped", "not taken: derived or hidden file", Severity.INFO) for n in meta.get("dropped", [])
    ]
    if judge is not None:  # a model's opinion beside the rules: it adds findings, never removes one
        result.judged = run_judge(judge, ((n, staged.read(n)) for n in touched if is_page(n)))
        findings += result.judged.findings
    result.findings = sorted(findings, key=sort_key)
    result.pages = _pages(result)
    return result


def _pages(result: Review) -> list[PageReport]:
    pages = [PageReport(n, "added", diff=result.diffs.get(n, "")) for n in result.added]
    pages += [PageReport(n, "changed", diff=result.diffs.get(n, "")) for n in result.changed]
    pages += [PageReport(new, "renamed", old, diff=result.diffs.get(new, "")) for old, new in result.renamed]
    pages += [PageReport(n, "removed") for n in result.removed]
    by_name = {p.name: p for p in pages}
    for f in result.findings:
        page = by_name.get(f.file)
        if page is None:  # a file the transfer did not take: not part of the version
            page = by_name[f.file] = PageReport(f.file, "dropped")
            pages.append(page)
        page.findings.append(f)
    worst = {p.name: min((sort_key(f) for f in p.findings), default=(1, p.name, 0, "")) for p in pages}
    return sorted(pages, key=lambda p: worst[p.name])


def _diff(old_name: str, new_name: str, old: bytes, new: bytes) -> str:
    if not (is_page(new_name)):
        return f"binary or non-page file: {len(old)} → {len(new)} bytes\n"
    a = old.decode("utf-8", "replace").splitlines(keepends=True)
    b = new.decode("utf-8", "replace").splitlines(keepends=True)
    lines = list(difflib.unified_diff(a, b, f"live/{old_name}", f"incoming/{new_name}"))
    if len(lines) > MAX_DIFF_LINES:
        lines = [*lines[:MAX_DIFF_LINES], f"... {len(lines) - MAX_DIFF_LINES} more diff lines\n"]
    return "".join(line if line.endswith("\n") else line + "\n" for line in lines)
