"""Three-way sync planning: base, local and remote manifests → one target.

Pure decisions, no I/O beyond the ``Contents`` callbacks that supply bytes
when a merge or a rename check needs them. Per file name, with b, l, r the
base, local and remote hashes (None = absent):

- l == r: nothing to decide;
- l == b: only the remote changed → take r (an edit, an add or a delete);
- r == b: only we changed → keep l;
- one side deleted, the other modified → keep the modification, say so;
- both modified → three-way merge of the page (``memsync.merge``: the
  frontmatter key by key, the body by lines); if it does not merge cleanly,
  keep ours under the name and theirs as a conflict copy (a page's copy gets
  its own uuid and names the page and both versions).

Renames are recognised by the frontmatter ``uuid``: a base page gone from one
side, with a new name on that side carrying the same uuid, is carried over to
the other side as a rename (merged with the other side's edits, if any). A
page renamed to different names on the two sides is a conflict: our name
stays, their version becomes a conflict copy of it, so one uuid never ends up
under two names.
The target is what both sides hold after a full sync; ``pull`` applies it
locally only, ``push`` remotely only.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property, partial

from . import merge
from .frontmatter import page_uuid
from .manifest import Manifest, sha256_hex
from .names import conflict_name, is_page

Reader = Callable[[str], bytes]  # file name → bytes, for one side


@dataclass(frozen=True)
class Contents:
    """How the planner reads the bytes of a file on each side."""

    base: Reader
    local: Reader
    remote: Reader


@dataclass(frozen=True)
class Conflict:
    name: str
    copy: str  # where the remote version was kept
    their_name: str | None = None  # when the remote renamed the page to another name than we did

    def to_json(self) -> dict[str, str]:
        out = {"page": self.name, "conflict_copy": self.copy}
        if self.their_name is not None:
            out["their_name"] = self.their_name
        return out


@dataclass
class Plan:
    target: dict[str, str]
    merged: dict[str, bytes] = field(default_factory=dict)  # sha256 → bytes of merge results
    conflicts: list[Conflict] = field(default_factory=list)
    renames: list[tuple[str, str, str]] = field(default_factory=list)  # (old, new, side that renamed)
    notes: list[str] = field(default_factory=list)

    @cached_property
    def manifest(self) -> Manifest:
        """The target as a manifest (made once: read only after planning is done)."""
        return Manifest(self.target)


@dataclass(frozen=True, slots=True)
class Change:
    """One file to write or delete on one side to make it equal the target."""

    name: str
    sha256: str | None  # None: delete
    was: str | None

    @property
    def kind(self) -> str:
        if self.sha256 is None:
            return "delete"
        return "add" if self.was is None else "update"

    def to_json(self) -> dict[str, str | None]:
        return {"action": self.kind, "file": self.name, "sha256": self.sha256}


def changes(current: Manifest, target: Manifest) -> list[Change]:
    """What to write and delete so ``current`` becomes ``target``: writes first,
    deletes after, so an interrupted apply never loses the only copy of a rename."""
    if current == target:
        return []
    now, then = current.entries, target.entries
    differ = sorted({n for n, _ in now.items() ^ then.items()})  # set operations in C: O(n), cheap
    writes = [Change(n, then[n], now.get(n)) for n in differ if n in then]
    deletes = [Change(n, None, now[n]) for n in differ if n not in then]
    return writes + deletes


def _detect_renames(
    base: Manifest, side: Manifest, moved: set[str], read_base: Reader, read_side: Reader
) -> dict[str, str]:
    """old → new for base pages that this side renamed (same uuid, new name);
    ``moved`` holds every name whose version differs between the two."""
    gone = sorted(n for n in moved if n not in side.entries and is_page(n))
    new = sorted(n for n in moved if n not in base.entries and is_page(n))
    if not gone or not new:
        return {}
    by_uuid: dict[str, list[str]] = {}
    for name in new:
        uid = page_uuid(read_side(name))
        if uid:
            by_uuid.setdefault(uid, []).append(name)
    renames = {}
    for old in gone:
        uid = page_uuid(read_base(old))
        if uid and len(by_uuid.get(uid, ())) == 1:
            renames[old] = by_uuid[uid][0]
    # Two base pages claiming the same new name is no rename we can trust. Counted
    # once: a count per rename made a remote that renamed 100,000 pages cost hours.
    claimed = Counter(renames.values())
    return {o: n for o, n in renames.items() if claimed[n] == 1}


def plan(base: Manifest | None, local: Manifest, remote: Manifest, contents: Contents, side: str) -> Plan:
    """Decide the target field version. ``side`` names the remote in conflict copies."""
    base = base or Manifest()
    if base == local == remote:
        # Nothing moved anywhere (a no-op sync): the target is that very version, made no copy of.
        unchanged = Plan(target=dict(local.entries))
        # The cached property, already made: the base's, whose bytes were read, not serialised again.
        unchanged.__dict__["manifest"] = base
        return unchanged
    b, loc, rem = dict(base.entries), dict(local.entries), dict(remote.entries)
    # Where a renamed page's bytes live, per side, after folding renames in (a name
    # not here is its own).
    src_base: dict[str, str] = {}
    src_local: dict[str, str] = {}
    src_remote: dict[str, str] = {}
    result = Plan(target={})
    # Names whose version differs from the base's on each side: set operations in C.
    moved_here = {n for n, _ in local.entries.items() ^ base.entries.items()}
    moved_there = {n for n, _ in remote.entries.items() ^ base.entries.items()}

    remote_ren = _detect_renames(base, remote, moved_there, contents.base, contents.remote)
    # A name the remote renamed a page to, already here with their bytes, is that
    # rename half applied: a receive that restarted (or crashed) after writing the
    # new name and before removing the old one, because the old page was edited,
    # renamed or deleted meanwhile. Plan as if it had not arrived yet.
    arrived = {new for new in remote_ren.values() if new not in b and loc.get(new) == rem[new]}
    for name in arrived:
        del loc[name]
    seen_here = Manifest({n: h for n, h in local.items() if n not in arrived}) if arrived else local
    local_ren = _detect_renames(base, seen_here, moved_here - arrived, contents.base, contents.local)
    apart: dict[str, str] = {}  # our new name → theirs, for pages renamed apart
    for old, new in local_ren.items():
        other = remote_ren.get(old)
        if other == new:
            result.renames.append((old, new, "both"))
            _fold(b, src_base, old, new)
        elif other is None and old in rem and new not in rem:
            result.renames.append((old, new, "local"))
            _fold(b, src_base, old, new)
            _fold(rem, src_remote, old, new)
        elif other is not None and new not in rem and other not in loc:
            # Renamed apart: their name leaves the target, their version
            # becomes a conflict copy of ours (below).
            apart[new] = other
            src_remote[new] = src_remote.pop(other, other)
            rem[new] = rem.pop(other)
        # Otherwise (deleted on the other side, or a name taken on both) the
        # new name is treated as an addition, so nothing is lost either way.
    for old, new in remote_ren.items():
        if old not in local_ren and old in loc and new not in loc:
            result.renames.append((old, new, side))
            _fold(b, src_base, old, new)
            _fold(loc, src_local, old, new)

    # A name the three sides agree on needs no decision: only the others are
    # looked at, so a sync costs its changes, not the field's size.
    if remote_ren or local_ren or arrived:
        moved_here = {n for n, _ in loc.items() ^ b.items()}
        moved_there = {n for n, _ in rem.items() ^ b.items()}
    decide = moved_here | moved_there | set(apart)
    target = dict(b)
    for name in decide:
        target.pop(name, None)
    result.target = target
    for name in sorted(decide):  # code point order is UTF-8 byte order
        bh, lh, rh = b.get(name), loc.get(name), rem.get(name)
        if name in apart:
            assert lh is not None and rh is not None
            # Even with equal bytes the two names conflict: a person picks one.
            result.target[name] = lh
            _keep_copy(result, name, side, lh, rh, partial(contents.remote, src_remote.get(name, name)), apart[name])
            continue
        if lh == rh:
            chosen = lh
        elif lh == bh:
            chosen = rh
        elif rh == bh:
            chosen = lh
        elif lh is None or rh is None:
            chosen = lh or rh
            who = "you" if lh is None else side
            result.notes.append(f"{name}: {who} deleted it but the other side changed it; kept the change")
        else:
            merged = None
            if bh is not None and is_page(name):
                base_bytes = contents.base(src_base.get(name, name))
                merged = merge.merge_page(
                    base_bytes, contents.local(src_local.get(name, name)), contents.remote(src_remote.get(name, name))
                )
            if merged is not None:
                chosen = sha256_hex(merged)
                result.merged[chosen] = merged
                result.notes.append(f"{name}: merged changes from both sides")
            else:
                chosen = lh
                _keep_copy(result, name, side, lh, rh, partial(contents.remote, src_remote.get(name, name)))
        if chosen is not None:
            result.target[name] = chosen
    for side_manifest in (remote, local):
        if result.target == side_manifest.entries:
            # A pull that changed nothing here: the target is that side's version, whose
            # bytes (and digest) are at hand, not 100,000 lines to serialise again.
            result.__dict__["manifest"] = side_manifest
            break
    return result


def _keep_copy(
    result: Plan,
    name: str,
    side: str,
    ours: str | None,
    theirs: str | None,
    read_theirs: Callable[[], bytes],
    their_name: str | None = None,
) -> None:
    """Keep ``side``'s version of ``name`` beside ours as a conflict copy."""
    assert ours is not None and theirs is not None
    copy = conflict_name(name, side, theirs)
    sha = theirs
    if is_page(name):
        data = merge.conflict_copy(name, ours, theirs, read_theirs())
        sha = sha256_hex(data)
        if sha != theirs:
            result.merged[sha] = data
    result.target[copy] = sha
    result.conflicts.append(Conflict(name, copy, their_name))
    if their_name is not None:
        result.notes.append(f"{name}: {side} renamed the same page to {their_name}; kept {name}, theirs is in {copy}")


def _fold(side: dict[str, str], sources: dict[str, str], old: str, new: str) -> None:
    """Pretend ``side`` already renamed ``old`` to ``new`` (if it has ``old``)."""
    if old not in side:
        return
    side[new] = side.pop(old)
    sources[new] = sources.pop(old, old)
