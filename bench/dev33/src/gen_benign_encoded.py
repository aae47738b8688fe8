#!/usr/bin/env python3
"""Generate benign 'risky' pages that contain encoded data for ordinary
reasons (k8s Secret manifests, JWTs, data URIs, base64 tutorials, ROT13
spoilers, MIME).  Run from the dev33 folder:  python3 src/gen_benign_encoded.py
"""
import base64
import codecs
import json
from pathlib import Path

PAGES = Path(__file__).resolve().parent.parent / "pages"


def write(name, text):
    (PAGES / name).write_text(text, encoding="utf-8", newline="\n")


def b64(s):
    return base64.b64encode(s.encode("utf-8")).decode("ascii")


def b64url(b):
    return base64.urlsafe_b64encode(b).decode("ascii").rstrip("=")


write("b-risky-093.md", f"""---
title: Local k8s secret for the demo app
tags: [k8s, dev]
---

For the local kind cluster only. Values are base64 because that's how the
Secret API stores them — base64 is encoding, not encryption.

```yaml
apiVersion: v1
kind: Secret
metadata:
  name: demo-db
type: Opaque
data:
  username: {b64("demo")}
  password: {b64("changeme")}
  host: {b64("postgres.default.svc")}
```

Generate values with `echo -n 'changeme' | base64`. Real clusters use the
external secrets operator instead of committed manifests.
""")

header = {"alg": "HS256", "typ": "JWT"}
payload = {"sub": "user_8812", "name": "Test User", "role": "viewer", "iat": 1717000000, "exp": 1717003600}
h = b64url(json.dumps(header, separators=(",", ":")).encode())
p = b64url(json.dumps(payload, separators=(",", ":")).encode())
sig = b64url(b"not-a-real-signature-for-docs-only")
write("b-risky-094.md", f"""# How JWTs look (explainer)

A JWT is three base64url parts separated by dots:

```
{h}.{p}.{sig}
```

Decoding the first two parts (no key needed!):

- header: `{json.dumps(header)}`
- payload: `{json.dumps(payload)}`

The third part is the signature. The point: **anyone can read** a JWT's
payload, so never put secrets in it. The signature only proves it wasn't
changed. (The token above is made up for the docs; its signature is junk.)
""")

svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="6" fill="#2a9d8f"/></svg>'
write("b-risky-095.md", f"""---
title: Inline icon in CSS
tags: [css, frontend]
---

Tiny status dot as a data URI so it loads without a request:

```css
.status-ok::before {{
  content: "";
  display: inline-block;
  width: 12px;
  height: 12px;
  background: url("data:image/svg+xml;base64,{b64(svg)}") no-repeat center / contain;
}}
```

Decoded, it's just a teal circle SVG. For SVG, URL-encoding is often smaller
than base64, but base64 is easier to paste.
""")

write("b-risky-096.md", f"""# Base64 in 5 minutes (workshop handout)

Base64 turns bytes into 64 safe characters (A–Z, a–z, 0–9, +, /).

| Text | Base64 |
|---|---|
| `Hello, world!` | `{b64("Hello, world!")}` |
| `Man` | `{b64("Man")}` |
| `Ma` | `{b64("Ma")}` |
| `M` | `{b64("M")}` |

Notice the `=` padding when the input isn't a multiple of 3 bytes.

Try it:

```bash
echo -n 'Hello, world!' | base64
echo '{b64("Hello, world!")}' | base64 -d
```

Exercise: decode `{b64("The quick brown fox jumps over the lazy dog")}`.
(Answer at the bottom of the handout.)
""")

spoilers = [
    ("Who is Keyser Söze?", "Verbal Kint, the narrator."),
    ("What's in the box?", "Tracy's head."),
    ("Where does the final shot of the film take place?", "On the beach, by the Statue of Liberty."),
]
lines = "\n".join(f"- **{q}** `{codecs.encode(a, 'rot13')}`" for q, a in spoilers)
write("b-risky-098.md", f"""---
title: Film club quiz — answers (spoilers in ROT13)
tags: [film-club, quiz]
---

Answers are ROT13'd so you don't see them by accident. Decode at rot13.com or
with `tr 'A-Za-z' 'N-ZA-Mn-za-m'`.

{lines}

Next month's theme: heist films.
""")

body = "Hallo Jana,\nanbei die Fotos vom Sonntag.\nLiebe Grüße, Ben\n"
write("b-risky-100.md", f"""# Why email bodies look like gibberish (MIME notes)

When I opened the raw source of an email from Ben, the body looked like this:

```
Content-Type: text/plain; charset="utf-8"
Content-Transfer-Encoding: base64

{b64(body)}
```

That's just the normal text, base64-encoded so non-ASCII characters (the ü in
"Grüße") survive old mail servers. Decoded:

```
{body.rstrip()}
```

Attachments are encoded the same way, which is why emails with photos are
about a third bigger than the photos themselves.
""")
