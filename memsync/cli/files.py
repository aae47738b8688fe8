"""Field and archive tools that need no workspace: pack, unpack, verify, validate, manifest, demo."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from .. import api
from .options import _emit, dry_run_option, json_option


@click.command()
@click.argument("field")
@click.option("-o", "--output", type=click.Path(path_type=Path), required=True, help="NAME.memoryfield.zip")
@dry_run_option
@json_option
def pack(field: str, output: Path, dry_run: bool, as_json: bool) -> None:
    """Pack FIELD into a byte-reproducible archive."""
    done = api.pack(field, output, dry_run=dry_run)
    _emit(as_json, done.to_json(), lambda: [f"{done.sha256}  {done.archive}", f"field digest {done.digest}"])


@click.command()
@click.argument("archive", type=click.Path(path_type=Path))
@click.argument("directory", type=click.Path(path_type=Path))
@click.option("--sha256", "expect", default=None, metavar="HEX", help="Refuse unless the archive has this sha256.")
@dry_run_option
@json_option
def unpack(archive: Path, directory: Path, expect: str | None, dry_run: bool, as_json: bool) -> None:
    """Unpack ARCHIVE into a new field folder DIRECTORY, refusing anything unsafe."""
    done = api.unpack(archive, directory, sha256=expect, dry_run=dry_run)
    _emit(as_json, done.to_json(), lambda: [f"unpacked {done.files} file(s) into {directory}; digest {done.digest}"])


@click.command()
@click.argument("target")
@click.option("--sha256", "expect", default=None, metavar="HEX", help="Also require this archive sha256 or digest.")
@json_option
def verify(target: str, expect: str | None, as_json: bool) -> None:
    """Check a field folder or archive against its SHA256SUMS (and a pinned hash)."""
    done = api.verify(target, sha256=expect)
    _emit(
        as_json,
        done.to_json(),
        lambda: (
            [f"OK {done.kind}: {done.files} file(s), {done.digest}"]
            + ([f"archive sha256 {done.archive_sha256}"] if done.archive_sha256 else [])
        ),
    )


@click.command()
@click.argument("field")
@json_option
def validate(field: str, as_json: bool) -> None:
    """Report what in FIELD breaks (errors) or strains (warnings) the memoryfield spec."""
    done = api.validate(field)
    errors = sum(f["level"] == "error" for f in done.findings)
    _emit(
        as_json,
        done.to_json(),
        lambda: (
            [f"{f['level']}: {f['file']}: {f['message']}" for f in done.findings]
            + [f"{errors} error(s), {len(done.findings) - errors} warning(s)"]
        ),
    )
    if done.exit_code:
        sys.exit(done.exit_code)


@click.command()
@click.argument("field")
@dry_run_option
@json_option
def manifest(field: str, dry_run: bool, as_json: bool) -> None:
    """Write FIELD's SHA256SUMS from what it holds now."""
    done = api.write_manifest(field, dry_run=dry_run)
    _emit(as_json, done.to_json(), lambda: [f"{done.files} file(s), {done.digest}"])


@click.command()
@click.option("--keep", type=click.Path(path_type=Path), default=None, metavar="DIR", help="Run in DIR and keep it.")
@json_option
def demo(keep: Path | None, as_json: bool) -> None:
    """Two machines, one shared folder, edits on both: the main job end to end."""
    from .demo import run_demo

    story = run_demo(keep)
    _emit(as_json, story.to_json(), story.lines)
