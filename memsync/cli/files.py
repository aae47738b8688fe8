"""Field and archive tools that need no workspace: pack, unpack, verify, validate, manifest, demo."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from .. import archive as archive_mod
from .. import check, engine
from ..errors import InputError, WorkspaceError
from ..field import content_names, scan
from .app import _emit, _folder, dry_run_option, json_option, main


@main.command()
@click.argument("field")
@click.option("-o", "--output", type=click.Path(path_type=Path), required=True, help="NAME.memoryfield.zip")
@dry_run_option
@json_option
def pack(field: str, output: Path, dry_run: bool, as_json: bool) -> None:
    """Pack FIELD into a byte-reproducible archive."""
    from ..disk import atomic

    if not output.name.endswith(archive_mod.ARCHIVE_SUFFIX):
        raise WorkspaceError(f"{output}: archive names end in {archive_mod.ARCHIVE_SUFFIX}")
    root = _folder(field)
    if next(content_names(root), None) is None:
        # As `verify` and `sha256sum -c --strict` refuse an empty SHA256SUMS, the archive would not check.
        raise InputError(f"{root}: the field holds no files, so there is nothing to pack")
    if dry_run:
        packed = archive_mod.write_field(root, None)
    else:
        with atomic.replacing(output.absolute()) as handle:
            packed = archive_mod.write_field(root, handle)
    data = {
        "archive": str(output),
        "sha256": packed.sha256,
        "digest": packed.manifest.digest,
        "files": len(packed.manifest),
        "bytes": packed.size,
        "dry_run": dry_run,
    }
    _emit(as_json, data, lambda: [f"{packed.sha256}  {output}", f"field digest {packed.manifest.digest}"])


@main.command()
@click.argument("archive", type=click.Path(path_type=Path))
@click.argument("directory", type=click.Path(path_type=Path))
@click.option("--sha256", "expect", default=None, metavar="HEX", help="Refuse unless the archive has this sha256.")
@dry_run_option
@json_option
def unpack(archive: Path, directory: Path, expect: str | None, dry_run: bool, as_json: bool) -> None:
    """Unpack ARCHIVE into a new field folder DIRECTORY, refusing anything unsafe."""
    report = archive_mod.unpack(archive, directory, expect=expect, dry_run=dry_run)
    _emit(as_json, report, lambda: [f"unpacked {report['files']} file(s) into {directory}; digest {report['digest']}"])


@main.command()
@click.argument("target")
@click.option("--sha256", "expect", default=None, metavar="HEX", help="Also require this archive sha256 or digest.")
@json_option
def verify(target: str, expect: str | None, as_json: bool) -> None:
    """Check a field folder or archive against its SHA256SUMS (and a pinned hash)."""
    result = check.verify(_folder(target), expect)
    _emit(
        as_json,
        result.to_json(),
        lambda: (
            [f"OK {result.kind}: {result.files} file(s), {result.digest}"]
            + ([f"archive sha256 {result.archive_sha256}"] if result.archive_sha256 else [])
        ),
    )


@main.command()
@click.argument("field")
@json_option
def validate(field: str, as_json: bool) -> None:
    """Report what in FIELD breaks (errors) or strains (warnings) the memoryfield spec."""
    findings = check.validate(_folder(field))
    errors = [f for f in findings if f.level == "error"]
    _emit(
        as_json,
        {"ok": not errors, "findings": [f.to_json() for f in findings]},
        lambda: [str(f) for f in findings] + [f"{len(errors)} error(s), {len(findings) - len(errors)} warning(s)"],
    )
    if errors:
        sys.exit(1)


@main.command()
@click.argument("field")
@dry_run_option
@json_option
def manifest(field: str, dry_run: bool, as_json: bool) -> None:
    """Write FIELD's SHA256SUMS from what it holds now."""
    root = _folder(field)
    current = scan(root)
    if not dry_run:
        engine.write_manifest(root, current, {})
    _emit(
        as_json,
        {"digest": current.digest, "files": len(current), "dry_run": dry_run},
        lambda: [f"{len(current)} file(s), {current.digest}"],
    )


@main.command()
@click.option("--keep", type=click.Path(path_type=Path), default=None, metavar="DIR", help="Run in DIR and keep it.")
@json_option
def demo(keep: Path | None, as_json: bool) -> None:
    """Two machines, one shared folder, edits on both: the main job end to end."""
    from ..demo import run_demo

    story = run_demo(keep)
    _emit(as_json, story.to_json(), story.lines)
