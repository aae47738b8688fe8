"""What a person needs to decide on a quarantined version: what it changes
against the live field (with diffs), who signed it, what the scanner found."""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import scanner, trust
from .field import scan
from .frontmatter import page_uuid
from .names import is_page
from .store import StagedVersion
from .workspace import Workspace

MAX_DIFF_LINES = 400


@dataclass
class Review:
    digest: str
    source: str | None
    reason: str | None
    signer: str | None
    signature_problem: str | None
    added: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    renamed: list[tuple[str, str]] = field(default_factory=list)
    diffs: dict[str, str] = field(default_factory=dict)
    findings: list[scanner.Finding] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
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
            "findings": [f.to_json() for f in self.findings],
        }

    def lines(self) -> list[str]:
        out = [f"quarantined {self.digest}", f"  from:   {self.source or '?'}", f"  held:   {self.reason or '?'}"]
        out.append(
            f"  signed: {self.signer}" if self.signer else f"  signed: nobody we trust ({self.signature_problem})"
        )
        out += [f"  + {n}" for n in self.added] + [f"  ~ {n}" for n in self.changed]
        out += [f"  - {n}" for n in self.removed] + [f"  > {a} → {b}" for a, b in self.renamed]
        for name, diff in self.diffs.items():
            out += ["", f"--- {name}", *diff.splitlines()]
        out.append("")
        out.append(f"{len(self.findings)} finding(s)" + (":" if self.findings else ""))
        out += [f"  {f}" for f in self.findings]
        return out


def review(ws: Workspace, live_root: Path, staged: StagedVersion, meta: dict[str, Any]) -> Review:
    live = scan(live_root) if live_root.exists() else {}
    incoming = staged.manifest
    signer, problem = trust.check_signature(ws, incoming, staged.signature)
    result = Review(staged.digest, meta.get("source"), meta.get("reason"), signer, problem)
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
    for name in result.changed:
        result.diffs[name] = _diff(name, name, (live_root / name).read_bytes(), staged.read(name))
    for name in result.added:
        result.diffs[name] = _diff("/dev/null", name, b"", staged.read(name))
    result.findings = scanner.scan_files((n, staged.read(n)) for n in incoming)
    result.findings += [
        scanner.Finding(n, 0, "dropped", "not taken: derived or hidden file") for n in meta.get("dropped", [])
    ]
    return result


def _diff(old_name: str, new_name: str, old: bytes, new: bytes) -> str:
    if not (is_page(new_name)):
        return f"binary or non-page file: {len(old)} → {len(new)} bytes\n"
    a = old.decode("utf-8", "replace").splitlines(keepends=True)
    b = new.decode("utf-8", "replace").splitlines(keepends=True)
    lines = list(difflib.unified_diff(a, b, f"live/{old_name}", f"incoming/{new_name}"))
    if len(lines) > MAX_DIFF_LINES:
        lines = [*lines[:MAX_DIFF_LINES], f"... {len(lines) - MAX_DIFF_LINES} more diff lines\n"]
    return "".join(line if line.endswith("\n") else line + "\n" for line in lines)
