"""Remotes you can manage and options that are checked (issue 14): unknown
keys and schemes refused in one line when they are given, secret values never
shown, ``remote rename``/``set-url``/``set-option``/``unset-option`` keeping
the sync base exactly when it still fits, ``-o`` on ``clone`` and ``pull URL``,
and S3 archives on the same boto3 client as S3 fields."""

from __future__ import annotations

import json
import shutil
import stat
from pathlib import Path
from typing import Any

import pytest
from test_s3 import aws_env, bucket_objects, content, memsync, new_workspace, ok, pages

from memsync.workspace import Workspace
from tests.conftest import assert_one_line_error, page


def env_without_endpoint(server: Any) -> dict[str, str]:
    """Credentials, but no AWS_ENDPOINT_URL: only ``-o endpoint_url`` can reach moto."""
    env = aws_env(server)
    del env["AWS_ENDPOINT_URL"]
    return {**env, "MEMSYNC_TIMEOUT": "5", "AWS_MAX_ATTEMPTS": "1"}


def config_of(ws: Path) -> dict[str, Any]:
    return json.loads((ws / ".memsync" / "config.json").read_text())


def test_unknown_option_and_scheme_are_refused_when_given(tmp_path: Path, cli: Any) -> None:
    ok(cli("init"))
    ok(cli("add", "notes"))
    typo = cli("remote", "add", "notes", "x", "s3://bucket/notes", "-o", "endpoint=http://127.0.0.1:9000")
    line = assert_one_line_error(typo)
    assert "unknown option 'endpoint'" in line and "endpoint_url" in line and "region" in line, line
    scheme = cli("remote", "add", "notes", "x", "s4://bucket/notes")
    assert "no backend for 's4' URLs" in assert_one_line_error(scheme)
    malformed = cli("remote", "add", "notes", "x", "s3://bucket/notes", "-o", "region")
    assert "expected KEY=VALUE" in assert_one_line_error(malformed)
    assert config_of(tmp_path)["fields"]["notes"]["remotes"] == {}, "nothing refused was stored"

    ok(cli("remote", "add", "notes", "origin", "s3://bucket/notes", "-o", "region=eu-west-1"))
    bad = cli("remote", "set-option", "notes", "origin", "regoin=eu-west-2")
    assert "unknown option 'regoin'" in assert_one_line_error(bad)
    bad = cli("remote", "set-option", "notes", "origin", "lock_ttl=soon")
    assert "lock_ttl" in assert_one_line_error(bad)
    ok(cli("remote", "set-option", "notes", "origin", "timeout=7", "shared=true"))
    gone = cli("remote", "unset-option", "notes", "origin", "profile")
    assert "has no option 'profile'" in assert_one_line_error(gone)
    ok(cli("remote", "unset-option", "notes", "origin", "shared"))
    options = config_of(tmp_path)["fields"]["notes"]["remotes"]["origin"]["options"]
    assert options == {"region": "eu-west-1", "timeout": "7"}
    described = ok(cli("remote", "options", "sftp://host/path"))
    assert "known_hosts" in described and "lock_settle" in described


def test_remote_add_trusts_as_the_url_says_unless_told(tmp_path: Path, cli: Any) -> None:
    # README's trust table: self for a place you can write, untrusted for a web
    # server or a folder you may not write; --trust overrides. remote add gave
    # every URL self, so a pull from a stranger's server applied unreviewed.
    ok(cli("init"))
    ok(cli("add", "notes"))
    (tmp_path / "mine").mkdir()
    ok(cli("remote", "add", "notes", "web", "https://example.org/diary/"))
    ok(cli("remote", "add", "notes", "mine", str(tmp_path / "mine")))
    ok(cli("remote", "add", "notes", "bucket", "s3://bucket/notes"))
    ok(cli("remote", "add", "notes", "told", "https://example.org/mine/", "--trust", "self"))
    trusts = {name: r["trust"] for name, r in config_of(tmp_path)["fields"]["notes"]["remotes"].items()}
    assert trusts == {"web": "untrusted", "mine": "self", "bucket": "self", "told": "self"}
    listed = ok(cli("remote", "list", "notes", "-v", "--json"))
    assert json.loads(listed)["remotes"]["web"]["trust"] == "untrusted"


def test_remote_list_shows_options_but_never_secret_values(tmp_path: Path, cli: Any) -> None:
    ok(cli("init"))
    ok(cli("add", "notes"))
    secret = "DefaultEndpointsProtocol=http;AccountName=a;AccountKey=c2VjcmV0;BlobEndpoint=http://127.0.0.1:1/a;"
    ok(cli("remote", "add", "notes", "blob", "az://container/notes", "-o", f"connection_string={secret}"))
    ok(cli("remote", "add", "notes", "dav", "webdav://dav.example/notes", "-o", "username=me", "-o", "password=pw1"))
    ok(cli("remote", "add", "notes", "s3", "s3://b/notes", "-o", "region=eu-west-1"))
    listed = ok(cli("remote", "list", "notes", "-v"))
    assert "region=eu-west-1" in listed and "username=me" in listed and "connection_string=<secret>" in listed
    as_json = ok(cli("remote", "list", "notes", "--json"))
    for shown in (listed, as_json):
        assert "c2VjcmV0" not in shown and "pw1" not in shown
    assert "region" not in ok(cli("remote", "list", "notes")), "without -v: names and URLs"
    # config.json holds the secrets: other users of the machine may not read it (whatever the umask).
    assert stat.S_IMODE((tmp_path / ".memsync" / "config.json").stat().st_mode) == 0o600


def test_a_config_an_older_memsync_left_readable_by_all_is_closed_when_read(tmp_path: Path, cli: Any) -> None:
    ok(cli("init"))
    ok(cli("add", "notes"))
    ok(cli("remote", "add", "notes", "dav", "webdav://dav.example/notes", "-o", "password=pw1"))
    config = tmp_path / ".memsync" / "config.json"
    config.chmod(0o644)  # as memsync wrote it before it held secrets for its owner alone
    ok(cli("remote", "list", "notes"))  # reads it, writes nothing
    assert stat.S_IMODE(config.stat().st_mode) == 0o600


def test_clone_and_pull_take_options(s3_server: Any, tmp_path: Path) -> None:
    """The issue's walkthrough: cloning a MinIO-style endpoint needs -o on clone."""
    bucket = s3_server.new_bucket()
    url, env = f"s3://{bucket}/notes", env_without_endpoint(s3_server)
    a = new_workspace(tmp_path / "a", url, pages(3), endpoint_url=s3_server.endpoint)
    ok(memsync("push", "f", cwd=a, env=env))

    b = tmp_path / "b"
    b.mkdir()
    ok(memsync("clone", url, "notes", "-o", f"endpoint_url={s3_server.endpoint}", cwd=b, env=env))
    assert content(b / "notes") == content(a / "f")
    assert config_of(b)["fields"]["notes"]["remotes"]["origin"]["options"] == {"endpoint_url": s3_server.endpoint}
    typo = memsync("clone", url, "other", "-o", f"endpoint={s3_server.endpoint}", cwd=b, env=env)
    assert "unknown option 'endpoint'" in assert_one_line_error(typo)
    assert not (b / "other").exists()

    c = tmp_path / "c"
    c.mkdir()
    ok(memsync("pull", url, "--trust", "self", "-o", f"endpoint_url={s3_server.endpoint}", cwd=c, env=env))
    assert content(c / "notes") == content(a / "f")
    again = memsync("pull", url, "-o", "endpoint_url=http://127.0.0.1:1", cwd=c, env=env)
    assert "other options" in assert_one_line_error(again)
    on_name = memsync("pull", "notes", "-o", "region=x", cwd=c, env=env)
    assert "remote set-option" in assert_one_line_error(on_name)


def test_s3_archives_share_the_field_client_options_and_errors(s3_server: Any, tmp_path: Path) -> None:
    bucket = s3_server.new_bucket()
    env = env_without_endpoint(s3_server)
    field = new_workspace(tmp_path / "src", None, pages(2)) / "f"
    archive = f"s3://{bucket}/pub/notes.memoryfield.zip"
    endpoint = f"-oendpoint_url={s3_server.endpoint}"
    ok(memsync("publish", field, "--to", archive, cwd=tmp_path, env=aws_env(s3_server)))
    d = tmp_path / "d"
    d.mkdir()
    ok(memsync("clone", archive, "notes", endpoint, "-o", "region=eu-west-1", cwd=d, env=env))
    assert content(d / "notes") == content(field)
    e = tmp_path / "e"
    e.mkdir()
    failed = memsync("clone", archive, "notes", endpoint, "-o", "profile=nosuch", cwd=e, env=env)
    assert assert_one_line_error(failed) == "memsync: s3://" + archive[5:].rpartition("/")[0] + (
        ": no AWS profile 'nosuch' (see ~/.aws/config)"
    )
    assert not (e / ".memsync").exists()


def test_rename_keeps_the_base_and_set_url_keeps_it_only_for_the_same_field(s3_server: Any, tmp_path: Path) -> None:
    client, bucket = s3_server.client(), s3_server.new_bucket()
    env = aws_env(s3_server)
    url = f"s3://{bucket}/team/notes"
    a = new_workspace(tmp_path / "a", url, pages(4))
    ok(memsync("push", "f", cwd=a, env=env))
    b = new_workspace(tmp_path / "b", url)
    ok(memsync("pull", "f", cwd=b, env=env))

    ok(memsync("remote", "rename", "f", "origin", "team", cwd=b, env=env))
    assert Workspace(b).load_base("f", "team") is not None and Workspace(b).load_base("f", "origin") is None
    taken = memsync("remote", "rename", "f", "team", "team", cwd=b, env=env)
    assert "already has a remote 'team'" in assert_one_line_error(taken)

    # The field is copied whole to a new prefix (as `aws s3 sync` would): same SHA256SUMS.
    for name, data in bucket_objects(client, bucket, "team/notes").items():
        client.put_object(Bucket=bucket, Key=f"moved/notes/{name}", Body=data)
    moved = f"s3://{bucket}/moved/notes"
    said = ok(memsync("remote", "set-url", "f", "team", moved, "--json", cwd=b, env=env))
    assert json.loads(said)["kept_base"] is True
    # A's deletion at the new place reaches B as a deletion: B's base still fits (with
    # a dropped base, a two-way merge would bring the page back).
    ok(memsync("remote", "set-url", "f", "origin", moved, cwd=a, env=env))
    (a / "f" / "page-0001.md").unlink()
    ok(memsync("push", "f", cwd=a, env=env))
    ok(memsync("sync", "f", "-r", "team", cwd=b, env=env))
    assert "page-0001.md" not in content(b / "f")
    assert content(b / "f") == content(a / "f")

    # Another field there: refused, one line, the config unchanged; --reset goes ahead.
    other = new_workspace(tmp_path / "o", f"s3://{bucket}/other", {"x.md": page("X", "another field")})
    ok(memsync("push", "f", cwd=other, env=env))
    refused = memsync("remote", "set-url", "f", "team", f"s3://{bucket}/other", cwd=b, env=env)
    assert "--reset" in assert_one_line_error(refused)
    assert config_of(b)["fields"]["f"]["remotes"]["team"]["url"] == moved
    ok(memsync("remote", "set-url", "f", "team", f"s3://{bucket}/other", "--reset", cwd=b, env=env))
    assert Workspace(b).load_base("f", "team") is None
    ok(memsync("sync", "f", "-r", "team", cwd=b, env=env))
    assert {"x.md", "page-0000.md"} <= set(content(b / "f")), "two-way: both fields' pages, nothing deleted"


def test_an_endpoint_change_keeps_the_base_only_where_the_field_is(s3_server: Any, tmp_path: Path) -> None:
    from s3_support import FlakyProxy

    bucket, env = s3_server.new_bucket(), env_without_endpoint(s3_server)
    url = f"s3://{bucket}/notes"
    a = new_workspace(tmp_path / "a", url, pages(3), endpoint_url=s3_server.endpoint)
    ok(memsync("push", "f", cwd=a, env=env))
    host, port = s3_server.endpoint.removeprefix("http://").split(":")
    proxy = FlakyProxy((host, int(port)), reset_share=0, delay_share=0).start()  # the same server, another address
    try:
        ok(memsync("remote", "set-option", "f", "origin", f"endpoint_url={proxy.endpoint}", cwd=a, env=env))
        assert Workspace(a).load_base("f", "origin") is not None
        nowhere = memsync("remote", "set-option", "f", "origin", "endpoint_url=http://127.0.0.1:1", cwd=a, env=env)
        assert "--reset" in assert_one_line_error(nowhere)
        assert config_of(a)["fields"]["f"]["remotes"]["origin"]["options"]["endpoint_url"] == proxy.endpoint
        ok(memsync("sync", "f", cwd=a, env=env))
    finally:
        proxy.stop()


def test_set_url_to_a_folder_copy_and_missing_remote_names(tmp_path: Path) -> None:
    env: dict[str, str] = {}
    import os

    env = {**os.environ, "MEMSYNC_DEBUG": ""}
    first = tmp_path / "remote1"
    a = new_workspace(tmp_path / "a", str(first), pages(2))
    ok(memsync("push", "f", cwd=a, env=env))
    shutil.copytree(first, tmp_path / "remote2")
    ok(memsync("remote", "set-url", "f", "origin", str(tmp_path / "remote2"), cwd=a, env=env))
    missing = memsync("remote", "set-url", "f", "nope", str(first), cwd=a, env=env)
    assert "has no remote 'nope'" in assert_one_line_error(missing)
    missing = memsync("remote", "rename", "f", "nope", "x", cwd=a, env=env)
    assert "has no remote 'nope'" in assert_one_line_error(missing)
    bad = memsync("remote", "rename", "f", "origin", "../x", cwd=a, env=env)
    assert "remote names" in assert_one_line_error(bad)


@pytest.mark.parametrize("url", ["s3://", "az://", "sftp:///path", "webdav:///x"])
def test_malformed_urls_are_refused_at_add(url: str, tmp_path: Path, cli: Any) -> None:
    ok(cli("init"))
    ok(cli("add", "notes"))
    assert_one_line_error(cli("remote", "add", "notes", "x", url))


def test_a_plugin_adds_a_scheme_through_the_entry_points(monkeypatch: pytest.MonkeyPatch) -> None:
    """memsync's own schemes are found without the entry points; another package's
    scheme still is, and an unknown scheme's error names both kinds."""
    import importlib.metadata

    from memsync import registry
    from memsync.backends.local import LocalStore

    plugin = importlib.metadata.EntryPoint("zz", "memsync.backends.local:LocalStore", registry.GROUP)
    hijack = importlib.metadata.EntryPoint("file", "memsync.backends.s3:S3Store", registry.GROUP)

    def entry_points(group: str, name: str | None = None) -> importlib.metadata.EntryPoints:
        assert group == registry.GROUP
        return importlib.metadata.EntryPoints(e for e in (plugin, hijack) if name in (None, e.name))

    monkeypatch.setattr(importlib.metadata, "entry_points", entry_points)
    assert registry.backend_class("zz://somewhere/f") is LocalStore
    assert registry.backend_class("file:///srv/f") is LocalStore  # a built-in scheme is not taken over
    with pytest.raises(registry.WorkspaceError, match=r"known: .*file.*s3.*zz"):
        registry.backend_class("s4://bucket/f")
