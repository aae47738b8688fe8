"""The rules memsync's key and certificate reader (memsync/ssh/sshkey.py) keeps of its own
because cryptography's SSH loader (``load_ssh_public_identity``, ``SSHCertificate``) does
not share them: each case is held to what ssh-keygen itself decides."""

from __future__ import annotations

import base64
import shutil
import subprocess
from pathlib import Path

import pytest
from cryptography.hazmat.primitives.asymmetric import ec

from memsync.errors import InputError
from memsync.ssh import sshkey, sshsig
from tests.sshsig_support import string

pytestmark = pytest.mark.skipif(shutil.which("ssh-keygen") is None, reason="ssh-keygen is not installed")

CURVES = {"nistp256": ec.SECP256R1(), "nistp384": ec.SECP384R1(), "nistp521": ec.SECP521R1()}


@pytest.mark.parametrize("name", CURVES)
def test_the_curve_orders_are_cryptographys(name: str) -> None:
    order = getattr(CURVES[name], "group_order", None)
    if order is None:
        pytest.skip("this cryptography has no EllipticCurve.group_order")
    assert sshkey._ORDERS[name] == order


def _p521_point(x: int) -> tuple[int, int]:
    """The first point of P-521 whose x is at least ``x`` (p = 2^521 - 1 is 3 mod 4: a root is one power)."""
    curve, p = ec.SECP521R1(), 2**521 - 1
    g = ec.derive_private_key(1, curve).public_key().public_numbers()
    b = (g.y**2 - g.x**3 + 3 * g.x) % p
    while True:
        rhs = (x**3 - 3 * x + b) % p
        y = pow(rhs, (p + 1) // 4, p)
        if y * y % p == rhs:
            return x, y
        x += 1


P521_ORDER = 0x01FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFA51868783BF2F966B7FCC0148F709A5D03BB5C9B8899C47AEBB6FB71E91386409  # noqa: E501


@pytest.mark.parametrize(
    ("x", "openssh_reads_it"),
    [
        (P521_ORDER - 1, False),  # x < order - 1 is required, and P-521's field is larger than its order
        (2**270, True),  # 271 bits: over half the order's 521 bits, so in range
        (2**259, False),  # 260 bits: not over half
    ],
    ids=["x-at-order-minus-1", "x-of-271-bits", "x-of-260-bits"],
)
def test_an_ecdsa_point_is_range_checked_as_ssh_keygen_does(x: int, openssh_reads_it: bool, tmp_path: Path) -> None:
    """sshkey_ec_validate_public's checks on a point that is on the curve, where cryptography checks
    only that it is: P-521 is where a wrong order once made memsync refuse and accept the wrong points."""
    x, y = _p521_point(x)
    blob = (
        string(b"ecdsa-sha2-nistp521")
        + string(b"nistp521")
        + string(b"\4" + x.to_bytes(66, "big") + y.to_bytes(66, "big"))
    )
    line = f"ecdsa-sha2-nistp521 {base64.b64encode(blob).decode()}"
    (tmp_path / "key.pub").write_text(line + "\n")
    openssh = subprocess.run(["ssh-keygen", "-l", "-f", tmp_path / "key.pub"], capture_output=True, timeout=60)
    assert (openssh.returncode == 0) is openssh_reads_it, openssh.stderr.decode()
    try:
        sshsig.parse_public_key(line)
        ours = True
    except InputError:
        ours = False
    assert ours is openssh_reads_it
