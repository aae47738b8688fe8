"""``memsync demo``: the main job end to end, on local folders, in a temp dir.

Two machines (a laptop and a server, each its own workspace) share one field
through a plain folder remote. Both edit between syncs: a clean merge, a
rename carried across, and one real conflict kept as a copy. The story is told
with memsync.api, as a program would.
"""

from __future__ import annotations

import dataclasses
import shutil
import tempfile
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from .. import api
from ..api import Memsync, RunResult

FIELD = "allotment"


def demo_field_source() -> Path:
    """The demo field: packaged in wheels, or examples/ in a source checkout."""
    packaged = resources.files("memsync") / "demo_field"
    if packaged.is_dir():
        return Path(str(packaged))
    return Path(__file__).resolve().parents[2] / "examples" / "demo-field"


@dataclass
class Story:
    where: Path
    steps: list[dict[str, Any]] = field(default_factory=list)
    digests: dict[str, str] = field(default_factory=dict)

    def say(self, title: str, *details: str, report: RunResult | None = None) -> None:
        lines = list(details)
        if report is not None:
            lines += _summarise(report)
        # The run's report as the engine gives it: the API's check of the pages' frontmatter is no part of the story.
        shown = dataclasses.replace(report, warnings=None).to_json() if report else None
        self.steps.append({"step": title, "details": lines, "report": shown})

    def lines(self) -> list[str]:
        out = [f"memsync demo in {self.where}", ""]
        for number, step in enumerate(self.steps, start=1):
            out.append(f"{number}. {step['step']}")
            out.extend(f"     {d}" for d in step["details"])
        out.append("")
        same = len(set(self.digests.values())) == 1
        out.append(
            "Both machines now hold "
            + ("the same field: " if same else "DIFFERENT fields: ")
            + ", ".join(f"{k} {v[:19]}…" for k, v in self.digests.items())
        )
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "where": str(self.where),
            "steps": self.steps,
            "digests": self.digests,
            "converged": len(set(self.digests.values())) == 1,
        }


def _summarise(report: RunResult) -> list[str]:
    lines = []
    for change in report.local_changes:
        lines.append(f"here:   {change['action']} {change['file']}")
    for change in report.remote_changes:
        lines.append(f"shared: {change['action']} {change['file']}")
    lines += [f"renamed {r['from']} → {r['to']}" for r in report.renames]
    lines += list(report.notes)
    lines += [
        f"CONFLICT in {c['page']}: kept this machine's version, the other is in {c['conflict_copy']}"
        for c in report.conflicts
    ]
    return lines or ["nothing to do"]


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, f"demo field changed: {old!r} not in {path.name}"
    path.write_text(text.replace(old, new, 1))


def run_demo(keep: Path | None = None) -> Story:
    where = keep.absolute() if keep else Path(tempfile.mkdtemp(prefix="memsync-demo-"))
    where.mkdir(parents=True, exist_ok=True)
    story = Story(where)
    try:
        _play(where, story)
    finally:
        if keep is None:
            shutil.rmtree(where, ignore_errors=True)
    return story


def _play(where: Path, story: Story) -> None:
    shared = where / "shared" / FIELD
    laptop = Memsync.init(where / "laptop")
    server = Memsync.init(where / "server")
    laptop_dir, server_dir = laptop.root / FIELD, server.root / FIELD

    def sync(machine: Memsync) -> RunResult:
        return machine.sync(FIELD, index=False)

    shutil.copytree(demo_field_source(), laptop_dir)
    laptop.add(FIELD, laptop_dir)
    laptop.add_remote(FIELD, "origin", str(shared))
    story.say("laptop pushes the demo field to a shared folder", f"remote: {shared}", report=laptop.push(FIELD))

    story.say("server clones it", report=server.clone(str(shared), server_dir, index=False))

    _edit(laptop_dir / "soil-ph.md", "between 6.2 and 6.4", "between 6.1 and 6.3")
    _edit(server_dir / "soil-ph.md", "next February", "next March")
    story.say("laptop corrects a reading in soil-ph.md and syncs", report=sync(laptop))
    story.say("server, which edited another line of the same page, syncs: a clean three-way merge", report=sync(server))

    _rename(server_dir, "water-butt-capacity.md", "rainwater-storage.md")
    _edit(laptop_dir / "water-butt-capacity.md", "\n# ", "\n<!-- checked after the storm -->\n# ")
    story.say(
        "server renames water-butt-capacity.md to rainwater-storage.md (same uuid) and syncs", report=sync(server)
    )
    story.say("laptop, which edited that page meanwhile, syncs: the rename and its edit both land", report=sync(laptop))

    key = "shed-spare-key.md"
    line = (laptop_dir / key).read_text().splitlines()[-1]
    _edit(laptop_dir / key, line, "The spare key now hangs inside the water-butt lid.")
    _edit(server_dir / key, line, "The spare key went home with Sam for the winter.")
    story.say("both machines rewrite the same line of shed-spare-key.md; laptop syncs first", report=sync(laptop))
    story.say("server syncs: the same line changed both ways is a conflict, and nothing is lost", report=sync(server))
    story.say("laptop syncs once more to receive the conflict copy", report=sync(laptop))

    for name, folder in (("laptop", laptop_dir), ("server", server_dir)):
        story.digests[name] = api.verify(folder).digest
    story.say(
        "both fields pass `sha256sum -c SHA256SUMS`-equivalent verification",
        *(f"{k}: {v}" for k, v in story.digests.items()),
    )


def _rename(folder: Path, old: str, new: str) -> None:
    (folder / old).rename(folder / new)
