"""memsync.api is the only door: every command goes through it, and its one error
boundary turns every foreign error into a memsync error with its exit code."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from memsync import engine
from memsync.api import Memsync
from memsync.errors import InternalError, RemoteError
from tests.conftest import make_field, page


def _workspace(tmp_path: Path) -> Memsync:
    ws = tmp_path / "ws"
    ws.mkdir()
    m = Memsync.init(ws)
    make_field(ws / "notes", {"a.md": page("A", "one")})
    m.add("notes", ws / "notes")
    m.add_remote("notes", "origin", str(tmp_path / "remote"))
    return m


def test_a_store_librarys_error_is_the_remotes_failure_not_a_bug(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An exception a store library raised and its store did not translate (botocore's,
    say) leaves the API as a RemoteError: one line, exit 1, not "internal error"."""
    m = _workspace(tmp_path)
    failure = type("EndpointConnectionError", (Exception,), {"__module__": "botocore.exceptions"})

    def unreachable(self: engine.Session, *args: Any, **kwargs: Any) -> Any:
        raise failure('Could not connect to the endpoint URL: "http://127.0.0.1:9/"')

    monkeypatch.setattr(engine.Session, "run", unreachable)
    with pytest.raises(RemoteError) as refused:
        m.push("notes")
    assert not isinstance(refused.value, InternalError) and refused.value.code == 1
    assert str(refused.value).startswith("EndpointConnectionError: Could not connect")
    assert isinstance(refused.value.__cause__, failure)
