"""The one watchdog (``memsync.backends.base.WATCHDOG``) keeps every deadline a
library's own timeouts cannot: an HTTP answer's head (its connection is cut) and
a call run ``within`` a deadline (its caller is woken and gives up on it)."""

from __future__ import annotations

import os
import socket
import threading
import time

import pytest

from memsync.backends.base import WATCHDOG, TimedOut, hang_up, within


def test_within_hands_back_the_answer_or_the_error_and_gives_up_at_the_deadline() -> None:
    assert within("here", 5, lambda x: x + 1, 1) == 2
    with pytest.raises(KeyError):
        within("here", 5, {}.__getitem__, "missing")
    never = threading.Event()
    start = time.monotonic()
    with pytest.raises(TimedOut, match="here: the server is too slow"):
        within("here", 0.3, never.wait)
    assert 0.25 < time.monotonic() - start < 2
    never.set()


def test_a_connection_watched_past_its_deadline_is_cut_and_one_released_in_time_is_not() -> None:
    a, b = socket.socketpair()
    with a, b:
        kept = WATCHDOG.watch(0.2, hang_up(a))
        assert WATCHDOG.release(kept) is False
        cut = WATCHDOG.watch(0.2, hang_up(a))
        a.settimeout(5)
        assert a.recv(1) == b""  # the wait ended when the watchdog cut it, not at the timeout
        assert WATCHDOG.release(cut) is True


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_a_forked_child_keeps_its_deadlines() -> None:
    within("here", 5, lambda: None)  # the watchdog's thread runs in the parent
    pid = os.fork()
    if pid == 0:  # the child: exit 0 only when its own deadline ended its call
        code = 1
        try:
            within("child", 0.2, threading.Event().wait)
        except TimedOut:
            code = 0
        finally:
            os._exit(code)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            assert os.waitstatus_to_exitcode(status) == 0
            return
        time.sleep(0.05)
    os.kill(pid, 9)
    os.waitpid(pid, 0)
    pytest.fail("the forked child's call had no deadline")
