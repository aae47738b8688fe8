"""Ordinary pages for the scanner benchmark, cut from real documentation on this machine.

Nothing here was written for the benchmark: Node's API docs (with their
``<!-- YAML added: … -->`` comments), npm's docs and its packages' READMEs,
Python packages' READMEs (from their METADATA), the AWS CLI's examples,
Debian's /usr/share/doc, man pages in English and two dozen translations,
Python's own reference topics, Persian, Arabic, Hindi… interface text from
gettext catalogues, and OWASP's LLM write-ups (bench/scanner_corpus/writeups,
the only part not found on the machine). Each document is cut into pages of
1.5–8 KB at paragraph boundaries, never inside a code block.

``python bench/scanner_corpus.py`` rebuilds ``scanner_corpus/ordinary.jsonl.xz``
from whatever of these paths exist; the benchmark reads the committed file,
so its figures do not depend on what this machine has installed.
"""

from __future__ import annotations

import gettext
import glob
import gzip
import json
import lzma
import os
import random
import re
import subprocess
import sys
from collections.abc import Iterator
from email.parser import Parser
from pathlib import Path

HERE = Path(__file__).resolve().parent / "scanner_corpus"
ORDINARY = HERE / "ordinary.jsonl.xz"
PAGE_MAX = 8000
MAN_LANGS = [
    "de",
    "es",
    "fr",
    "it",
    "pl",
    "pt",
    "pt_BR",
    "ru",
    "uk",
    "ja",
    "ko",
    "zh_CN",
    "zh_TW",
    "tr",
    "nl",
    "sv",
    "cs",
    "hu",
    "ro",
    "fi",
    "da",
    "id",
    "sr",
]
LOCALE_LANGS = [
    "fa",
    "ar",
    "he",
    "ur",
    "ps",
    "ckb",
    "hi",
    "bn",
    "ta",
    "te",
    "ml",
    "mr",
    "gu",
    "pa",
    "th",
    "ja",
    "ko",
    "zh_CN",
    "ru",
    "el",
    "am",
    "ka",
    "hy",
]
# Pages per source, so no one kind of document dominates the rate.
CAPS = {
    "node-api": 480,
    "node-docs": 220,
    "npm-docs": 200,
    "npm-readmes": 260,
    "pypi-readmes": 560,
    "aws-cli-docs": 380,
    "debian-docs": 300,
    "man-en": 260,
    "man-translated": 420,
    "python-reference": 160,
    "locale-text": 220,
    "writeups": 60,
}


def _read(path: str) -> str | None:
    try:
        if path.endswith(".gz"):
            with gzip.open(path) as fh:
                return fh.read().decode("utf-8")
        return Path(path).read_bytes().decode("utf-8")
    except (OSError, UnicodeDecodeError, EOFError):
        return None


def _files(patterns: list[str]) -> list[str]:
    found = sorted({p for pattern in patterns for p in glob.glob(pattern, recursive=True) if os.path.isfile(p)})
    return [p for p in found if "/changelog" not in p.lower() and "copyright" not in p.lower()]


def _docs(patterns: list[str]) -> Iterator[tuple[str, str]]:
    for path in _files(patterns):
        text = _read(path)
        if text and len(text) > 400:
            yield path, text


def node_api() -> Iterator[tuple[str, str]]:
    yield from _docs(["/usr/share/doc/nodejs/api/*.md"])


def node_docs() -> Iterator[tuple[str, str]]:
    yield from _docs(["/usr/share/doc/nodejs/*.md", "/usr/share/doc/nodejs/contributing/**/*.md"])


def npm_docs() -> Iterator[tuple[str, str]]:
    yield from _docs(["/usr/lib/node_modules/npm/docs/content/**/*.md"])


def npm_readmes() -> Iterator[tuple[str, str]]:
    yield from _docs(
        [
            "/usr/lib/node_modules/*/README.md",
            "/usr/lib/node_modules/npm/node_modules/*/README.md",
            "/usr/lib/node_modules/npm/node_modules/@*/*/README.md",
            "/usr/lib/node_modules/npm/node_modules/*/docs/**/*.md",
        ]
    )


def pypi_readmes() -> Iterator[tuple[str, str]]:
    seen: set[str] = set()
    patterns = [
        "/root/.pyenv/versions/*/lib/python*/site-packages/*.dist-info/METADATA",
        "/usr/lib/python3/dist-packages/*.dist-info/METADATA",
        "/usr/lib/google-cloud-sdk/**/*.dist-info/METADATA",
    ]
    for path in _files(patterns):
        text = _read(path)
        if not text:
            continue
        meta = Parser().parsestr(text)
        name = (meta.get("Name") or path).lower()
        body = meta.get_payload() or meta.get("Description") or ""
        if name in seen or not isinstance(body, str) or len(body) < 400:
            continue
        seen.add(name)
        yield path, body


def aws_cli_docs() -> Iterator[tuple[str, str]]:
    yield from _docs(["/root/.pyenv/versions/*/lib/python*/site-packages/awscli/examples/*/*.rst"])


def debian_docs() -> Iterator[tuple[str, str]]:
    yield from _docs(
        [
            "/usr/share/doc/*/README*",
            "/usr/share/doc/*/*.md",
            "/usr/share/doc/*/*.md.gz",
            "/usr/share/doc/*/*.txt",
            "/usr/share/doc/*/*.txt.gz",
            "/usr/share/doc/*/NEWS.md*",
            "/usr/share/doc/*/html/**/*.md",
        ]
    )


def _man(paths: list[str]) -> Iterator[tuple[str, str]]:
    env = {**os.environ, "MANWIDTH": "100", "MAN_KEEP_FORMATTING": "0"}
    for path in paths:
        try:
            rendered = subprocess.run(["man", "-l", path], capture_output=True, env=env, timeout=20, check=False)
            plain = subprocess.run(["col", "-bx"], input=rendered.stdout, capture_output=True, timeout=20, check=False)
        except (OSError, subprocess.TimeoutExpired):
            continue
        text = plain.stdout.decode("utf-8", "replace")
        if len(text) > 400:
            yield path, text


def man_en(rng: random.Random) -> Iterator[tuple[str, str]]:
    paths = _files([f"/usr/share/man/man{s}/*" for s in "1578"])
    yield from _man(rng.sample(paths, min(len(paths), 180)))


def man_translated(rng: random.Random) -> Iterator[tuple[str, str]]:
    for lang in MAN_LANGS:
        paths = _files([f"/usr/share/man/{lang}/man{s}/*" for s in "1578"])
        yield from _man(rng.sample(paths, min(len(paths), 14)))


def python_reference() -> Iterator[tuple[str, str]]:
    try:
        from pydoc_data.topics import topics
    except ImportError:
        return
    for name in sorted(topics):
        yield f"pydoc_data.topics:{name}", topics[name]


def locale_text() -> Iterator[tuple[str, str]]:
    for lang in LOCALE_LANGS:
        for path in _files([f"/usr/share/locale/{lang}/LC_MESSAGES/*.mo"]):
            try:
                with open(path, "rb") as fh:
                    catalog = gettext.GNUTranslations(fh)._catalog  # type: ignore[attr-defined]
            except (OSError, ValueError, UnicodeDecodeError):
                continue
            lines = sorted({str(v).strip() for k, v in catalog.items() if k and isinstance(v, str) and len(v) > 3})
            if len(lines) >= 20:
                yield path, "\n\n".join(lines)


def writeups() -> Iterator[tuple[str, str]]:
    for path in sorted((HERE / "writeups").glob("*.md")):
        if path.name != "README.md":
            yield f"writeups/{path.name}", path.read_text()


# -- cutting documents into pages ---------------------------------------------------------

_FENCE = re.compile(r"^\s{0,3}(```|~~~)", re.MULTILINE)


def _blocks(text: str) -> list[str]:
    """Paragraphs, with each fenced code block kept whole."""
    out: list[str] = []
    current: list[str] = []
    fenced = False
    for line in text.split("\n"):
        if _FENCE.match(line):
            fenced = not fenced
        current.append(line)
        if not fenced and not line.strip():
            out.append("\n".join(current))
            current = []
    if current:
        out.append("\n".join(current))
    return [b for b in out if b.strip()]


def cut_pages(text: str, rng: random.Random) -> list[str]:
    pages: list[str] = []
    current = ""
    target = rng.randint(1500, 6500)
    for block in _blocks(text):
        while len(block.encode()) > PAGE_MAX:  # a huge block: cut at a line
            cut = block.rfind("\n", 0, PAGE_MAX // 2)
            cut = cut if cut > 0 else PAGE_MAX // 2
            pages.append(block[:cut])
            block = block[cut:]
        heading = block.lstrip().startswith("#")
        if current and (len((current + block).encode()) > PAGE_MAX or (heading and len(current) >= target)):
            pages.append(current)
            current, target = "", rng.randint(1500, 6500)
        current += block + "\n\n"
        if len(current) >= target:
            pages.append(current)
            current, target = "", rng.randint(1500, 6500)
    if current.strip():
        pages.append(current)
    return [p.strip() + "\n" for p in pages if len(p.strip()) >= 300 and _fences_balanced(p)]


def _fences_balanced(page: str) -> bool:
    return len(_FENCE.findall(page)) % 2 == 0


# -- plain or risky-looking ----------------------------------------------------------------

_RISKY = {
    "html-comment": re.compile(r"<!--"),
    "raw-html": re.compile(r"<(?:div|span|details|img|a|table|p|br|sup|kbd)\b", re.I),
    "pipe-to-shell": re.compile(r"\b(?:curl|wget)\b[^\n]*\|\s*(?:sudo\s+)?(?:ba|z)?sh\b", re.I),
    "destructive-command": re.compile(r"\brm\s+-[a-z]*[rf]", re.I),
    "secrets-talk": re.compile(r"\b(?:api[_ -]?key|password|secret|token|credential)s?\b", re.I),
    "attack-talk": re.compile(r"\b(?:prompt injection|jailbreak|attacker|malicious|exploit|payload|phishing)\b", re.I),
    "instructions-talk": re.compile(r"\b(?:ignore|system prompt|instructions|you must|from now on)\b", re.I),
    "invisible-or-bidi": re.compile("[\u200b-\u200f\u202a-\u202e\u2066-\u2069\u00ad]"),
    "base64-like": re.compile(r"[A-Za-z0-9+/]{40,}={0,2}"),
}


def risky_reasons(page: str) -> list[str]:
    reasons = [name for name, pattern in _RISKY.items() if pattern.search(page)]
    letters = [c for c in page if c.isalpha()]
    if letters and sum(not c.isascii() for c in letters) >= 0.1 * len(letters):
        reasons.append("non-latin-script")
    return reasons


def build(seed: int = 20260301) -> list[dict[str, object]]:
    rng = random.Random(seed)
    sources = {
        "node-api": node_api(),
        "node-docs": node_docs(),
        "npm-docs": npm_docs(),
        "npm-readmes": npm_readmes(),
        "pypi-readmes": pypi_readmes(),
        "aws-cli-docs": aws_cli_docs(),
        "debian-docs": debian_docs(),
        "man-en": man_en(rng),
        "man-translated": man_translated(rng),
        "python-reference": python_reference(),
        "locale-text": locale_text(),
        "writeups": writeups(),
    }
    rows: list[dict[str, object]] = []
    for source, docs in sources.items():
        pages = [(path, page) for path, text in docs for page in cut_pages(text, rng)]
        chosen = rng.sample(pages, min(len(pages), CAPS[source])) if source != "writeups" else pages
        for i, (path, page) in enumerate(sorted(chosen)):
            reasons = risky_reasons(page)
            rows.append(
                {
                    "id": f"{source}/{i:04d}",
                    "source": source,
                    "from": str(path),
                    "kind": "risky" if reasons else "plain",
                    "risky": reasons,
                    "text": page,
                }
            )
        print(f"{source:18} {len(chosen):5} pages from {len({p for p, _ in pages})} documents", file=sys.stderr)
    return rows


def save(rows: list[dict[str, object]]) -> None:
    data = "".join(json.dumps(r, ensure_ascii=False, sort_keys=True) + "\n" for r in rows).encode()
    ORDINARY.write_bytes(lzma.compress(data, preset=9 | lzma.PRESET_EXTREME))


def load() -> list[dict[str, object]]:
    return [json.loads(line) for line in lzma.decompress(ORDINARY.read_bytes()).decode().splitlines()]


if __name__ == "__main__":
    built = build()
    save(built)
    risky = sum(r["kind"] == "risky" for r in built)
    print(f"{len(built)} pages ({risky} risky-looking), {ORDINARY.stat().st_size} bytes in {ORDINARY}", file=sys.stderr)
