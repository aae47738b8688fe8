"""Markup that misleads: links that lie about their host, data: URIs, hidden text, blobs."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from urllib.parse import urlparse

from .findings import Severity
from .rules import Hit
from .text import decode_base64_text, encoded_segments

_I = re.IGNORECASE
_LINK = re.compile(r"(?<!!)\[([^\[\]\n]{1,200})\]\(\s*<?([^\s)>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
_HTML_LINK = re.compile(r"<a\b[^>]*\bhref\s*=\s*[\"']([^\"']+)[\"'][^>]*>(.*?)</a\s*>", _I | re.DOTALL)
# Only names that read as web hosts: "Node.js" and "README.md" are not.
_HOSTLIKE = re.compile(
    r"\b((?:[a-z0-9-]+\.)+(?:com|org|net|io|dev|co|uk|de|fr|eu|us|ai|app|gov|edu|info|biz|me|xyz|ca|au|jp|nl"
    r"|ch|se|no|es|it|pl|br|in|ru|cn|gr|pt|cz|sk|hu|ro|bg|tr|fi|dk|be|ie|il|kr|tw|hk|vn|th|ua|mx|cl|za|nz|sg"
    r"|lt|lv|ee|si|hr|rs|ph|pk|eg|sa|ae|ir|bank|pay|money|finance|cloud|online|site|store|shop|tech|page))\b",
    _I,
)
_URL_HOST = re.compile(r"\bhttps?://(?:[^\s/@<>()\[\]\"'`]*@)?([a-z0-9.-]+)", _I)
# Top-level names that, met in the middle of a host, mean it spells out another site's whole name
# (paypal.com.account-login.example); a two-letter country name counts only beside a name the link text says.
_GENERIC_TLD = frozenset(["com", "org", "net", "gov", "edu", "gob", "gouv"])
# Stores whose bucket names are often other sites' names (www.example.com.s3.amazonaws.com).
_HOSTS_NAMED_AFTER_OTHERS = frozenset(["amazonaws.com", "googleapis.com", "cloudfront.net"])
# The services people are most often phished for: a host one letter away from one of them is a lookalike.
_PHISHED = frozenset(
    (
        *("github", "gitlab", "bitbucket", "npmjs", "pypi", "docker", "huggingface", "cloudflare"),
        *("google", "gmail", "microsoft", "office365", "outlook", "apple", "icloud", "amazon", "dropbox"),
        *("paypal", "stripe", "revolut", "coinbase", "binance", "metamask", "netflix"),
        *("openai", "anthropic", "facebook", "instagram", "linkedin", "twitter", "discord", "telegram", "whatsapp"),
    )
)
_DATA_URI = re.compile(
    r"(?:\]\(\s*|(?:src|href|data|poster|srcset)\s*=\s*[\"']?|url\(\s*[\"']?|^|(?<=\s))data:([a-z]+/[a-z0-9.+-]+)[;,]",
    _I | re.MULTILINE,
)
_JS_URL = re.compile(r"(?:\]\(\s*|href\s*=\s*[\"']?)(?:javascript|vbscript):", _I)
_BASE64_BLOB = re.compile(r"[A-Za-z0-9+/]{200,}={0,2}")
_SECOND_LEVEL = frozenset(["co", "com", "org", "net", "gov", "ac", "edu", "ltd", "plc", "ne", "or", "go"])
_EXAMPLE_HOSTS = re.compile(r"(?:^|\.)(?:example\.(?:com|org|net)|localhost|test|invalid|local)$|^127\.|^\[?::1")


def registrable(host: str) -> str:
    """example.co.uk for www.shop.example.co.uk: close enough to the public-suffix rule for comparing names."""
    parts = host.lower().strip(".").removeprefix("www.").split(".")
    keep = 3 if len(parts) >= 3 and parts[-2] in _SECOND_LEVEL and len(parts[-1]) == 2 else 2
    return ".".join(parts[-keep:])


def _near(a: str, b: str) -> bool:
    """One letter changed or dropped, two swapped, or one doubled: githuh, gihtub, paypl, gooogle."""
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        return len(diff) == 1 or (len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]])
    if len(a) == len(b) + 1:  # a doubled letter; an added one makes another word too often (dockers)
        return any(a[:i] + a[i + 1 :] == b for i in range(1, len(a)) if a[i] == a[i - 1])
    return len(a) + 1 == len(b) and any(b[:i] + b[i + 1 :] == a for i in range(len(b)))


def lookalike_host(host: str) -> str | None:
    """The phished service a host imitates by one letter (githuh.com), if any."""
    name = registrable(host).split(".")[0]
    if len(name) < 6:  # five letters leave too many real neighbours (email, gmail)
        return None
    return next((f"{brand}.com" for brand in sorted(_PHISHED) if name != brand and _near(name, brand)), None)


def embedded_site(host: str, label: str) -> tuple[str, bool] | None:
    """The site a host spells out before its real domain, and whether the link text names it.

    sede.agenciatributaria.gob.es.refund.example spells agenciatributaria.gob.es; a regional label
    (api.eu.example.com) is not a site unless the link text names the label before it.
    """
    labels = host.lower().strip(".").split(".")
    if registrable(host) in _HOSTS_NAMED_AFTER_OTHERS:
        return None
    outside = len(labels) - len(registrable(host).split("."))
    squashed = re.sub(r"[\W_]+", "", label.lower())
    for i in range(1, outside):
        tld = labels[i]
        if tld not in _GENERIC_TLD and not (len(tld) == 2 and tld.isalpha()):
            continue
        first = i - 1 if labels[i - 1] not in _SECOND_LEVEL | _GENERIC_TLD or i < 2 else i - 2
        name = labels[first]
        said = len(name) >= 4 and name in squashed
        if said or tld in _GENERIC_TLD:
            cc = i + 1 < outside and len(labels[i + 1]) == 2 and labels[i + 1].isalpha()
            end = i + 1 if cc and tld in _SECOND_LEVEL | _GENERIC_TLD else i
            return ".".join(labels[first : end + 1]), said
    return None


def host_hits(text: str) -> Iterator[Hit]:
    """Hosts that dress as another site, wherever a URL sits: a typo of a phished name, a whole name as prefix."""
    for m in _URL_HOST.finditer(text):
        host = m.group(1).lower().rstrip(".")
        brand = lookalike_host(host)
        if brand:
            yield Hit("deceptive-link", m.start(), m.end(), Severity.MEDIUM, f"{host} is one letter from {brand}")
        spelt = embedded_site(host, "")
        if spelt:
            yield Hit(
                "deceptive-link",
                m.start(),
                m.end(),
                Severity.MEDIUM,
                f"{host} begins with {spelt[0]} but belongs to {registrable(host)}",
            )


def link_hits(text: str) -> Iterator[Hit]:
    links = [(m.start(), m.end(), m.group(1), m.group(2)) for m in _LINK.finditer(text)]
    links += [(m.start(), m.end(), re.sub(r"<[^>]+>", "", m.group(2)), m.group(1)) for m in _HTML_LINK.finditer(text)]
    for start, end, label, target in links:
        parsed = urlparse(target)
        host = (parsed.hostname or "").lower()
        if parsed.scheme in ("http", "https") and "@" in parsed.netloc:
            yield Hit(
                "deceptive-link", start, end, Severity.HIGH, f"the part before @ is a user name; the host is {host}"
            )
            continue
        if host.startswith("xn--") or ".xn--" in host:
            yield Hit("deceptive-link", start, end, Severity.MEDIUM, f"internationalised host name {host}")
        shown = re.sub(r"<[^>]+>", " ", label)
        spelt = embedded_site(host, shown)
        if spelt and spelt[1]:
            yield Hit(
                "deceptive-link",
                start,
                end,
                Severity.HIGH,
                f"the link text names {spelt[0].split('.')[0]}; {host} only begins with {spelt[0]}",
            )
            continue
        hosts = _HOSTLIKE.findall(shown)
        named = {registrable(h) for h in hosts}
        rest = (parsed.path + "?" + parsed.query).lower()
        if not named or not host or registrable(host) in named or any(h.lower() in rest for h in hosts):
            continue  # no host in the text, the same site, or a link to a page about that site
        low = any(_EXAMPLE_HOSTS.search(h) for h in (*named, host))
        wordy = len(_HOSTLIKE.sub(" ", shown).split()) > 4  # a sentence that mentions a site, not a pretend URL
        sev = Severity.LOW if low or wordy else Severity.HIGH
        yield Hit("deceptive-link", start, end, sev, f"the link text names {sorted(named)[0]} but it goes to {host}")
    for m in _JS_URL.finditer(text):
        yield Hit("deceptive-link", m.start(), m.end(), Severity.HIGH, "a script URL in a link")


def data_uri_hits(text: str) -> Iterator[Hit]:
    for m in _DATA_URI.finditer(text):
        kind = m.group(1).lower()
        sev = Severity.MEDIUM if kind.startswith("image/") and kind != "image/svg+xml" else Severity.HIGH
        yield Hit("data-uri", m.start(), m.end(), sev, f"embedded {kind} content", code_penalty=2, describable=False)


def blob_hits(text: str) -> Iterator[Hit]:
    for m in _BASE64_BLOB.finditer(text):
        if decode_base64_text(m.group()) is None:
            yield Hit("base64-blob", m.start(), m.end(), Severity.LOW, f"{len(m.group())} characters of base64")


_BENIGN_COMMENT = re.compile(
    r"^\s*(?:omit in toc|toc|end ?toc|/?toc|prettier-ignore\S*|markdownlint\S*|eslint\S*|cspell\S*|spell-?checker\S*"
    r"|textlint\S*|vale \S+|YAML|added:|changes:|deprecated:|removed:|napiVersion|start|end|BEGIN\b|END\b|include"
    r"|TODO|FIXME|XXX|NOTE|lint\S*|mdformat\S*|tabs?|section|badges?|auto-?generated|generated|do not edit|DO NOT EDIT"
    r"|markdown-toc|more|truncate|raw|endraw|\{%|\{\{|copyright|license|SPDX|version|#?region|#?endregion|vim:|-\*-"
    r"|alex\b|textlint|spellchecker|source:|type=|lang=|\w+:\s*\w+\s*$)",
    _I,
)
_AGENTISH = re.compile(
    r"\b(?:the user|user's|users|whenever|when(?:ever)? (?:asked|someone asks|you are asked)|if (?:asked|anyone asks"
    r"|the user)|respond|answer|reply|replies|recommend|tell (?:them|him|her|the)|say (?:that|to)|praise|always|never"
    r"|instead|from now on|assistant|agent|\bAI\b|LLM|model|chatbot|GPT|Claude|your (?:instructions|task|response"
    r"|answer"
    r"|reply|output|rules|guidelines|prompt)|quietly|silently|secretly|do not mention|don't mention|without telling"
    r"|refuse|pretend|treat|act as|describe (?:this|it|the)|summari[sz]e|every (?:reply|answer|response)"
    r"|each (?:reply|answer|response)|everything above|this (?:page|note|document|memory)|whatever you"
    r"|you were told)\b",
    _I,
)
_PROSE = re.compile(r"[^\W\d_]{2,}")


def hidden_text_hits(raw: str, spans: list[tuple[int, int, str]]) -> Iterator[Hit]:
    """Hidden text that speaks to whoever reads the source: an agent sees it, the person reviewing may not."""
    for start, end, kind in spans:
        body = raw[start:end]
        words = _PROSE.findall(body)
        if len(words) < 4 or _BENIGN_COMMENT.match(body):
            continue
        # An element styled invisible has no business holding sentences; a comment may (notes to editors).
        if _AGENTISH.search(body) or (kind == "hidden HTML element" and len(words) >= 5):
            yield Hit(
                "hidden-instructions",
                start,
                end,
                Severity.MEDIUM,
                f"{kind} that a rendered page hides speaks to its reader",
                describable=False,
            )
        elif kind == "HTML comment" and len(words) >= 12:
            yield Hit("hidden-comment", start, end, Severity.INFO, "a long HTML comment", describable=False)


def encoded_text_hits(raw: str) -> Iterator[Hit]:
    """Text written in an encoding a page has no reason to use: base64 or escapes of sentences, encoded letters."""
    for start, end, kind, decoded in encoded_segments(raw):
        shown = " ".join(decoded.split())[:60]
        yield Hit("encoded-text", start, end, Severity.MEDIUM, f"{kind} that decodes to {shown!r}", describable=False)


_ADDRESSING = re.compile(
    r"\b(?:you|your|please|assistant|agent|AI|LLM|model|must|always|never|run|execute|send|email|forward|post"
    r"|upload|ignore|forget|disregard|reply|respond|answer|pay|transfer|trust|approve|delete|remove)\b",
    _I,
)


def split_sentence_hits(fields: list[tuple[int, str]]) -> Iterator[Hit]:
    """A sentence that runs on from one frontmatter field into the next and speaks to the reader.

    Metadata fields are titles, summaries and tags, each complete on its own;
    one that stops mid-sentence and continues lower-case in the next field is
    a payload cut up so no single field reads as an instruction.
    """
    for (start, first), (_, second) in itertools.pairwise(fields):
        a, b = first.strip(), second.strip()
        if len(a.split()) < 2 or len(b.split()) < 2 or a[-1:] in ".!?:;" or not b[:1].islower():
            continue
        if _ADDRESSING.search(a + " " + b):
            yield Hit(
                "split-instructions",
                start,
                start + len(first),
                Severity.MEDIUM,
                f"a sentence runs on across frontmatter fields: {(a + ' ' + b)[:70]!r}",
                describable=False,
            )
