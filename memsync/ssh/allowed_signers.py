"""OpenSSH's ``allowed_signers`` file, read and matched exactly as ssh-keygen
(OpenSSH 9.2, sshsig.c) reads and matches it. See ssh-keygen(1), "ALLOWED SIGNERS".

One signer per line, ``PRINCIPALS [OPTIONS] KEY [COMMENT]``; blank lines and
lines starting with ``#`` are skipped:

- PRINCIPALS: comma-separated patterns (``*`` any run, ``?`` one byte, a
  leading ``!`` negates; case matters); quote the list if it has spaces.
- OPTIONS: comma-separated, names in any case, values in double quotes (``\\"``
  escapes a quote): ``cert-authority`` (KEY is a CA: accept user certificates it
  signed that name the principal, never its own signatures),
  ``namespaces="PATTERN,…"``, ``valid-after="TIME"``, ``valid-before="TIME"``.
  TIME is YYYYMMDD, YYYYMMDDHHMM or YYYYMMDDHHMMSS, in local time unless it
  ends in ``Z`` or ``UTC`` (either case).
- KEY: ``TYPE BASE64`` with TYPE one of OpenSSH's key type names.

A malformed line is skipped (as ssh-keygen does, after logging it): it trusts
nobody. ``read_allowed_signers(path, strict=True)`` refuses such a file instead,
for callers about to rewrite it.
"""

from __future__ import annotations

import calendar
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path

from ..errors import InputError, IntegrityError
from . import sshkey
from .sshkey import PublicKey


class UnknownSigner(IntegrityError):
    """A valid signature that no allowed_signers line accepts (unknown key, principal, namespace or time)."""


# -- patterns (OpenSSH's match.c) -----------------------------------------------

_MAX_SUBPATTERN = 1024 - 1  # match_pattern_list's buffer; a longer subpattern makes the list not match


def match_pattern(text: bytes, pattern: bytes) -> bool:
    """``*`` matches any run of bytes, ``?`` exactly one; everything else itself."""
    t = p = 0
    star, resume = -1, 0
    while t < len(text):
        if p < len(pattern) and pattern[p] == ord("*"):
            star, resume = p, t
            p += 1
        elif p < len(pattern) and pattern[p] in (ord("?"), text[t]):
            t += 1
            p += 1
        elif star >= 0:
            p, resume = star + 1, resume + 1
            t = resume
        else:
            return False
    return all(c == ord("*") for c in pattern[p:])


def match_pattern_list(text: bytes, patterns: bytes) -> int:
    """1 if a pattern matches and no negated one does, -1 if a negated one matches, else 0."""
    positive, i = 0, 0
    while i < len(patterns):
        negated = patterns[i] == ord("!")
        i += negated
        end = patterns.find(b",", i)
        end = len(patterns) if end < 0 else end
        sub = patterns[i:end]
        if len(sub) >= _MAX_SUBPATTERN:
            return 0
        i = end + 1
        if match_pattern(text, sub):
            if negated:
                return -1
            positive = 1
    return positive


# -- times (OpenSSH's parse_absolute_time, on glibc) -----------------------------

_SPACE = b" \t\n\r\x0b\x0c"
# strptime conversions as glibc reads them: (lowest, highest, most digits)
_YEAR, _MONTH, _DAY = (0, 9999, 4), (1, 12, 2), (1, 31, 2)
_HOUR, _MINUTE, _SECOND = (0, 23, 2), (0, 59, 2), (0, 61, 2)


def parse_time(value: str | bytes) -> int:
    """Seconds since the epoch for an allowed_signers / ``-Overify-time=`` time; InputError if ssh-keygen refuses it."""
    text = value.encode("utf-8", "surrogateescape") if isinstance(value, str) else value
    size, utc = len(text), False
    if size > 1 and text[-1:].lower() == b"z":
        size, utc = size - 1, True
    elif size > 3 and text[-3:].lower() == b"utc":
        size, utc = size - 3, True
    # OpenSSH cuts the digits into fixed slices and hands "Y-m-dTH:M:S" to strptime.
    cuts = {8: (4, 6, 8), 12: (4, 6, 8, 10, 12), 14: (4, 6, 8, 10, 12, 14)}.get(size)
    if cuts is None:
        raise InputError(f"invalid time {text.decode('utf-8', 'replace')!r}")
    pieces = [text[a:b] for a, b in zip((0, *cuts), cuts, strict=False)]
    formatted = b"-".join(pieces[:3]) + (b"T" + b":".join(pieces[3:]) if len(pieces) > 3 else b"")
    fields = _strptime(formatted, [_YEAR, _MONTH, _DAY, _HOUR, _MINUTE, _SECOND][: len(pieces)], b"--T::")
    if fields is None:
        raise InputError(f"invalid time {text.decode('utf-8', 'replace')!r}")
    year, month, day, hour, minute, second = (*fields, 0, 0, 0)[:6]
    try:
        if utc:
            seconds = calendar.timegm((year, month, day, hour, minute, second))
        else:
            # OpenSSH zeroes struct tm, so mktime runs with tm_isdst=0 (standard time), even in summer.
            seconds = int(time.mktime((year, month, day, hour, minute, second, 0, 0, 0)))
    except (OverflowError, ValueError):
        raise InputError(f"invalid time {text.decode('utf-8', 'replace')!r}") from None
    if seconds <= 0:
        raise InputError(f"invalid time {text.decode('utf-8', 'replace')!r}")
    return seconds


def _strptime(text: bytes, conversions: list[tuple[int, int, int]], separators: bytes) -> list[int] | None:
    """glibc strptime for numeric conversions joined by literal separators: spaces before
    a number are skipped, a number stops at its width or once another digit would pass its maximum."""
    pos, values = 0, []
    for index, (lowest, highest, width) in enumerate(conversions):
        if index:
            if pos >= len(text) or text[pos] != separators[index - 1]:
                return None
            pos += 1
        while pos < len(text) and text[pos] in _SPACE:
            pos += 1
        if pos >= len(text) or not _is_digit(text[pos]):
            return None
        value, digits = 0, 0
        while True:
            value = value * 10 + text[pos] - ord("0")
            pos, digits = pos + 1, digits + 1
            if digits >= width or value * 10 > highest or pos >= len(text) or not _is_digit(text[pos]):
                break
        if not lowest <= value <= highest:
            return None
        values.append(value)
    return values if pos == len(text) else None


def _is_digit(byte: int) -> bool:
    return ord("0") <= byte <= ord("9")


def format_time(seconds: int) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(seconds))


def epoch(when: int | datetime | None) -> int:
    """A verify time as seconds since the epoch; None is now."""
    if when is None:
        return int(time.time())
    if isinstance(when, datetime):
        return int(when.timestamp())
    return when


# -- the file --------------------------------------------------------------------


@dataclass(frozen=True)
class AllowedSigner:
    """One line of allowed_signers. ``principals`` and ``namespaces`` are the pattern lists split at commas."""

    principals: tuple[str, ...]
    key: PublicKey
    namespaces: tuple[str, ...] | None = None  # None: any namespace
    cert_authority: bool = False
    valid_after: int | None = None
    valid_before: int | None = None
    where: str = field(default="", compare=False)  # "FILE:LINE" it was read from

    @property
    def name(self) -> str:
        return self.principals[0]

    def line(self) -> str:
        """The line, written so that reading it back gives this signer."""
        principals = ",".join(self.principals)
        if any(c in principals for c in '"\n\0'):
            raise InputError(f"principal {principals!r} cannot be written in allowed_signers")
        if not principals or principals.startswith("#") or any(c in principals for c in " \t\r"):
            principals = f'"{principals}"'
        options = ["cert-authority"] if self.cert_authority else []
        if self.namespaces is not None:
            namespaces = ",".join(self.namespaces)
            if any(c in namespaces for c in "\n\0"):
                raise InputError(f"namespaces {namespaces!r} cannot be written in allowed_signers")
            options.append('namespaces="{}"'.format(namespaces.replace('"', '\\"')))
        for name, value in (("valid-after", self.valid_after), ("valid-before", self.valid_before)):
            if value is not None:
                options.append(f'{name}="{time.strftime("%Y%m%d%H%M%S", time.gmtime(value))}Z"')
        return " ".join([principals, *([",".join(options)] if options else []), self.key.line()])


class _LineError(Exception):
    pass


def _b(text: str) -> bytes:
    return text.encode("utf-8", "surrogateescape")


def _s(data: bytes) -> str:
    return data.decode("utf-8", "surrogateescape")


def _parse_line(line: bytes) -> AllowedSigner | None:
    """sshsig.c's parse_principals_key_and_options, step by step (OpenSSH's own error texts)."""
    rest = line.lstrip(b" \t")
    # ssh-keygen -Y find-principals logs "missing key" for a blank line ending in CR or LF; it is blank all the same.
    if not rest.strip(b" \t\r\n") or rest.startswith(b"#"):
        return None
    # The principals are one word as strdelimw splits it: up to whitespace, or a quoted run.
    cut = next((i for i, c in enumerate(rest) if c in b' \t\r\n"'), -1)
    if cut < 0:
        raise _LineError("invalid line")
    if rest[cut] == ord('"'):
        rest = rest[:cut] + rest[cut + 1 :]
        cut = rest.find(b'"', cut)
        if cut < 0:
            raise _LineError("invalid line")
    principals, rest = rest[:cut], rest[cut + 1 :].lstrip(b" \t\r\n")
    options: bytes | None = None
    try:
        key = sshkey.read_text(rest)
    except InputError:
        # Not a key, so options first: one word, where quotes protect spaces.
        end, quoted = 0, False
        while end < len(rest) and (quoted or rest[end] not in b" \t"):
            if rest[end] == ord("\\") and rest[end + 1 : end + 2] == b'"':
                end += 1
            elif rest[end] == ord('"'):
                quoted = not quoted
            end += 1
        if end == len(rest):
            raise _LineError("invalid options" if quoted else "missing key") from None
        options = rest[:end]
        try:
            key = sshkey.read_text(rest[end + 1 :].lstrip(b" \t"))
        except InputError:
            raise _LineError("invalid key") from None
    return AllowedSigner(tuple(_s(principals).split(",")), key, **_parse_options(options))  # type: ignore[arg-type]


_VALUED_OPTIONS = {b"namespaces": "namespaces", b"valid-after": "valid_after", b"valid-before": "valid_before"}


def _parse_options(options: bytes | None) -> dict[str, object]:
    """sshsigopt_parse."""
    found: dict[str, object] = {}
    pos = 0
    while options and pos < len(options) and options[pos] not in b" \t":
        rest = options[pos:]
        name = next((n for n in _VALUED_OPTIONS if rest[: len(n) + 1].lower() == n + b"="), None)
        if rest[:14].lower() == b"cert-authority":
            found["cert_authority"] = True
            pos += 14
        elif name is not None:
            option = _VALUED_OPTIONS[name]
            if option in found:
                raise _LineError(f'bad options: multiple "{name.decode()}" clauses')
            value, pos = _dequote(options, pos + len(name) + 1)
            if option == "namespaces":
                found[option] = tuple(_s(value).split(","))
            else:
                try:
                    found[option] = parse_time(value)
                except InputError:
                    raise _LineError(f'bad options: invalid "{name.decode()}" time') from None
        if pos >= len(options) or options[pos] in b" \t":
            break
        if options[pos] != ord(","):
            raise _LineError("bad options: unknown key option")
        pos += 1
        if pos >= len(options):
            raise _LineError("bad options: unexpected end-of-options")
    after, before = found.get("valid_after"), found.get("valid_before")
    if isinstance(after, int) and isinstance(before, int) and before <= after:
        raise _LineError('bad options: "valid-before" time is before "valid-after"')
    return found


def _dequote(options: bytes, pos: int) -> tuple[bytes, int]:
    """opt_dequote: a double-quoted value in which \\" stands for a quote."""
    if options[pos : pos + 1] != b'"':
        raise _LineError("bad options: missing start quote")
    pos += 1
    value = bytearray()
    while pos < len(options) and options[pos] != ord('"'):
        if options[pos] == ord("\\") and options[pos + 1 : pos + 2] == b'"':
            pos += 1
        value.append(options[pos])
        pos += 1
    if pos >= len(options):
        raise _LineError("bad options: missing end quote")
    return bytes(value), pos + 1


def parse_allowed_signers(data: bytes, where: str = "allowed_signers") -> tuple[list[AllowedSigner], list[str]]:
    """The signers, in file order, and one ``FILE:LINE: reason`` per malformed line (skipped, as ssh-keygen does)."""
    signers: list[AllowedSigner] = []
    problems: list[str] = []
    pieces = data.split(b"\n")
    lines = [piece + b"\n" for piece in pieces[:-1]] + ([pieces[-1]] if pieces[-1] else [])
    for number, line in enumerate(lines, start=1):
        try:
            signer = _parse_line(line.split(b"\0", 1)[0])  # C reads each line as a string
        except _LineError as exc:
            problems.append(f"{where}:{number}: {exc}")
            continue
        if signer is not None:
            signers.append(replace(signer, where=f"{where}:{number}"))
    return signers, problems


def read_allowed_signers(path: Path, *, strict: bool = False) -> list[AllowedSigner]:
    """The file's signers (none if it does not exist). ``strict``: refuse a file with a malformed line."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return []
    signers, problems = parse_allowed_signers(data, str(path))
    if strict and problems:
        raise InputError(f"{problems[0]} (fix or remove that line first)")
    return signers


# -- matching (check_allowed_keys_line) ------------------------------------------


def _line_verdict(
    signer: AllowedSigner, key: PublicKey, principal: str | None, namespace: str | None, when: int
) -> tuple[bytes | None, str | None]:
    """(principals, None) when this line accepts the key; (None, why) when it names the key but
    refuses it; (None, None) when it is not about this key. With ``principal`` None the principals
    are those ``find-principals`` prints for the line; ``namespace`` None skips that check."""
    patterns = _b(",".join(signer.principals))
    if principal is not None and match_pattern_list(_b(principal), patterns) != 1:
        return None, None
    if not signer.cert_authority and signer.key == key:
        found = patterns
    elif signer.cert_authority and key.cert is not None and key.cert.ca.same_public(signer.key):
        if principal is not None:
            problem = key.cert.problem(when, principal)
            if problem:
                return None, problem
            found = _b(principal)
        else:
            found = _certificate_principals(patterns, key.cert, when)
            if not found:
                return None, "no valid principals found"
    elif signer.cert_authority and signer.key.same_public(key):
        return None, "a cert-authority line accepts certificates this key signed, not the key's own signatures"
    else:
        return None, None
    namespaces = None if signer.namespaces is None else _b(",".join(signer.namespaces))
    if namespace is not None and namespaces is not None and match_pattern_list(_b(namespace), namespaces) != 1:
        return None, f'key is not permitted for use in signature namespace "{namespace}"'
    if signer.valid_after is not None and when < signer.valid_after:
        return None, f"key is not yet valid: valid-after {format_time(signer.valid_after)}"
    if signer.valid_before is not None and when > signer.valid_before:
        return None, f"key has expired: valid-before {format_time(signer.valid_before)}"
    return found, None


def _certificate_principals(patterns: bytes, cert: sshkey.Certificate, when: int) -> bytes:
    """cert_filter_principals: the certificate's principals that a line pattern matches, comma-joined."""
    joined = b""
    for pattern in _until_empty(patterns):
        if cert.problem(when, None):
            continue
        for name in map(_b, cert.principals):
            if match_pattern(name, pattern):
                joined += (b"," if joined else b"") + name
    return joined


def _until_empty(listing: bytes) -> list[bytes]:
    """The comma-separated items up to the first empty one (OpenSSH walks such lists with strsep)."""
    items = []
    for item in listing.split(b","):
        if not item:
            break
        items.append(item)
    return items


def _refusal(key: PublicKey, reasons: list[str], principal: str | None) -> UnknownSigner:
    who = f"signed by {key.fingerprint()}" + (f" (certificate {key.cert.key_id!r})" if key.cert else "")
    if reasons:
        return UnknownSigner(f"{who}: {reasons[0]}")
    if principal is not None:
        return UnknownSigner(f"{who}: no allowed_signers line accepts that key for principal {principal!r}")
    return UnknownSigner(f"{who}, a key that is not an allowed signer")


def accept(
    signers: Sequence[AllowedSigner], key: PublicKey, principal: str, namespace: str, verify_time: int
) -> AllowedSigner:
    """The first line accepting ``key`` for ``principal`` in ``namespace`` at ``verify_time`` — the
    allowed-signers half of ``ssh-keygen -Y verify -I PRINCIPAL``; UnknownSigner if none does."""
    reasons = []
    for signer in signers:
        found, reason = _line_verdict(signer, key, principal, namespace, verify_time)
        if found is not None:
            return signer
        if reason:
            reasons.append(f"{signer.where}: {reason}")
    raise _refusal(key, reasons, principal)


def find_principals(signers: Sequence[AllowedSigner], key: PublicKey, verify_time: int) -> list[str]:
    """What ``ssh-keygen -Y find-principals`` prints: the principals of the first line accepting
    ``key`` at ``verify_time`` (any namespace; a CA line gives the certificate's matching principals)."""
    for signer in signers:
        found, _ = _line_verdict(signer, key, None, None, verify_time)
        if found is not None:
            return [_s(p) for p in _until_empty(found)]
    return []


def identify(
    signers: Sequence[AllowedSigner], key: PublicKey, namespace: str, verify_time: int
) -> tuple[str, AllowedSigner]:
    """A principal for which ``ssh-keygen -Y verify -I PRINCIPAL`` accepts ``key``, and the line that
    does, found as git does: each line naming the key offers its principals, tried in file order."""
    reasons = []
    for signer in signers:
        found, reason = _line_verdict(signer, key, None, namespace, verify_time)
        if reason:
            reasons.append(f"{signer.where}: {reason}")
        if found is None:
            continue
        # Every item, not only those before an empty one (where find-principals stops): the
        # line ",*" accepts any principal, and accept() below has the last word on each.
        for candidate in map(_s, filter(None, found.split(b","))):
            try:
                return candidate, accept(signers, key, candidate, namespace, verify_time)
            except UnknownSigner:
                continue
        reasons.append(f"{signer.where}: no principal it lists is one its own patterns accept")
    raise _refusal(key, reasons, None)
