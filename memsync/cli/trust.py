"""Commands for signatures, trusted signers, pins and the quarantine."""

from __future__ import annotations

import json
from pathlib import Path

import click

from .. import api
from ..api import DEFAULT_KEY, TRUST_POLICIES, Memsync
from ..progress import terminal_bar
from .group import Group
from .options import _emit, complete_field, dry_run_option, json_option, verbosity
from .sync import finish


@click.command()
@click.argument("path", type=click.Path(path_type=Path), default=str(DEFAULT_KEY))
@click.option("--use", is_flag=True, help="Sign this workspace's pushes with the new key.")
@dry_run_option
@json_option
def keygen(path: Path, use: bool, dry_run: bool, as_json: bool) -> None:
    """Make an Ed25519 signing key (OpenSSH format) at PATH and PATH.pub."""
    done = api.keygen(path, use=use, dry_run=dry_run)
    if done.dry_run:
        _emit(as_json, done.to_json(), lambda: [f"would write {done.key} and {done.key}.pub"])
        return
    used = [f"pushes are signed with {Path(done.key).absolute()}"] if done.used else []
    _emit(
        as_json,
        done.to_json(),
        lambda: [
            f"wrote {done.key} and {done.key}.pub",
            str(done.public_key),
            *used,
            "share the public key with: memsync trust add NAME '<key>'",
        ],
    )


@click.command("sign-with")
@click.argument("key", type=click.Path(path_type=Path), required=False)
@click.option("--none", "clear", is_flag=True, help="Stop signing pushes.")
@click.option(
    "--expires",
    default=None,
    metavar="DURATION",
    help="How long each signed release stays valid, e.g. 30d, 12h, 1w (default 30d).",
)
@dry_run_option
@json_option
def sign_with(key: Path | None, clear: bool, expires: str | None, dry_run: bool, as_json: bool) -> None:
    """Sign this workspace's pushes with KEY (an existing OpenSSH Ed25519 key, e.g. ~/.ssh/id_ed25519).

    Without KEY the key stays as it is (and is shown); --none stops signing."""
    m = Memsync.open()
    if clear and key is not None:
        raise click.UsageError("give KEY, or --none to stop signing, not both")
    done = m.sign_with(key, clear=clear, expires=expires, dry_run=dry_run)
    chosen = done.signing_key
    _emit(as_json, done.to_json(), lambda: [f"pushes are signed with {chosen}" if chosen else "pushes are not signed"])


@click.group("trust", cls=Group)
def trust_group() -> None:
    """Whose signatures this workspace accepts (an OpenSSH allowed_signers file)."""


@trust_group.command("add")
@click.argument("name")
@click.argument("pubkey")
@dry_run_option
@json_option
def trust_add(name: str, pubkey: str, dry_run: bool, as_json: bool) -> None:
    """Accept signatures by PUBKEY ('ssh-ed25519 AAAA…' or a .pub file) as NAME."""
    done = Memsync.open().add_signer(name, pubkey, dry_run=dry_run)
    verb = "would trust" if dry_run else "trusting"
    _emit(as_json, done.to_json(), lambda: [f"{verb} {name} ({done.fingerprint})"])


@trust_group.command("list")
@json_option
def trust_list(as_json: bool) -> None:
    """List allowed signers."""
    done = Memsync.open().signers()
    _emit(
        as_json,
        done.to_json(),
        lambda: [f"{r['name']}\t{r['fingerprint']}" for r in done.signers] or ["no trusted signers"],
    )
    if not as_json and verbosity() >= 0:
        for problem in done.skipped:
            click.echo(f"memsync: warning: {problem} (skipped: it trusts no one; fix or remove it)", err=True)


@trust_group.command("remove")
@click.argument("name")
@dry_run_option
@json_option
def trust_remove(name: str, dry_run: bool, as_json: bool) -> None:
    """Stop accepting NAME's signatures."""
    done = Memsync.open().remove_signer(name, dry_run=dry_run)
    _emit(as_json, done.to_json(), lambda: [f"{'would remove' if dry_run else 'removed'} {name}"])


@trust_group.command("policy")
@click.argument("field", shell_complete=complete_field)
@click.argument("remote")
@click.argument("policy", type=click.Choice(TRUST_POLICIES))
@dry_run_option
@json_option
def trust_policy(field: str, remote: str, policy: str, dry_run: bool, as_json: bool) -> None:
    """Set how far FIELD trusts REMOTE: self, signed or untrusted."""
    done = Memsync.open().set_trust(field, remote, policy, dry_run=dry_run)
    _emit(as_json, done.to_json(), lambda: [f"{done.field}: remote {remote} is trusted as {policy!r}"])


@click.command()
@click.argument("field", required=False, shell_complete=complete_field)
@json_option
def quarantine(field: str | None, as_json: bool) -> None:
    """List received versions held for review (of FIELD, or all)."""
    held = Memsync.open().quarantine(field)
    _emit(
        as_json,
        held.to_json(),
        lambda: (
            [f"{m.get('field')}\t{m['digest']}\t{m.get('source')}\t{m.get('reason')}" for m in held.quarantine]
            or ["quarantine is empty"]
        ),
    )


@click.command()
@click.argument("field", shell_complete=complete_field)
@click.argument("digest", required=False)
@click.option("--full", is_flag=True, help="Also show every page's full diff after the findings.")
@click.option(
    "--judge",
    metavar="ollama:MODEL",
    default=None,
    help="Also ask a local Ollama model for its opinion of each changed page (a finding beside the rules'; "
    "it accepts nothing). 'none': no judge. Default: memsync config review_judge.",
)
@json_option
def review(field: str, digest: str | None, full: bool, judge: str | None, as_json: bool) -> None:
    """Show a quarantined version of FIELD: summary and findings first, then diffs against the live field."""
    done = Memsync.open().review(field, digest, judge=judge)
    if as_json:  # not _emit: its sorted keys would put the diffs before the summary and findings
        click.echo(json.dumps(done.to_json(), indent=2))
    else:
        _emit(False, {}, lambda: done.detail.lines(full), verbatim=True)


@click.command()
@click.argument("field", shell_complete=complete_field)
@click.argument("digest", required=False)
@click.option("--allow-executables", is_flag=True, help="Accept a version that holds scripts or programs.")
@dry_run_option
@json_option
def accept(field: str, digest: str | None, allow_executables: bool, dry_run: bool, as_json: bool) -> None:
    """Apply a reviewed quarantined version of FIELD to the live field and pin it."""
    m = Memsync.open(progress=terminal_bar)
    finish(m.accept(field, digest, allow_executables=allow_executables, dry_run=dry_run), as_json)


@click.command()
@click.argument("field", shell_complete=complete_field)
@click.argument("digest", required=False)
@dry_run_option
@json_option
def reject(field: str, digest: str | None, dry_run: bool, as_json: bool) -> None:
    """Delete a quarantined version of FIELD without applying it."""
    done = Memsync.open().reject(field, digest, dry_run=dry_run)
    verb = "would delete" if dry_run else "deleted"
    _emit(as_json, done.to_json(), lambda: [f"{verb} {done.rejected}"])


@click.command()
@click.argument("page")
@json_option
def blame(page: str, as_json: bool) -> None:
    """Who wrote each line of PAGE (FIELD/PAGE.md, or a path to the page file): which
    source and version brought it and how it was accepted, as memsync recorded it."""
    done = Memsync.open().blame(page)

    def text() -> list[str]:
        labels = [_label(line["origin"]) for line in done.lines]
        width = max((len(label) for label in labels), default=0)
        digits = len(str(len(done.lines)))
        out = [
            f"{label:<{width}} {line['line']:>{digits}}) {line['text']}"
            for label, line in zip(labels, done.lines, strict=True)
        ]
        legend = [f"  {_label(s)}: {_describe(s)}, {s['lines']} line(s)" for s in done.sources]
        if done.coarse:
            legend.append("  (lines memsync could not tell apart name the newest source they may come from)")
        return [*out, *(["", "sources:", *legend] if legend else [])]

    _emit(as_json, done.to_json(), text)


def _label(origin: dict[str, object] | None) -> str:
    """A blame line's origin in a few characters: how it was accepted, by whom, which version."""
    if origin is None:
        return "yours"
    signer = f" {origin['signer']}" if origin.get("signer") else ""
    digest = str(origin.get("digest") or "").removeprefix("sha256:")[:8] or "?"
    return f"{origin.get('how')}{signer} {digest}"


def _describe(origin: dict[str, object]) -> str:
    remote = f" (remote {origin['remote']})" if origin.get("remote") else ""
    signer = f"signed by {origin['signer']}" if origin.get("signer") else "unsigned"
    release = f", release {origin['release_version']}" if origin.get("release_version") is not None else ""
    return f"{origin.get('source')}{remote}, {signer}{release}, accepted ({origin.get('how')}) {origin.get('time')}"
