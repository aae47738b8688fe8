"""Shared helper: write one page and its manifest metadata."""
import json, os, textwrap

BASE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PAGES = os.path.join(BASE, "pages")
META = os.path.join(BASE, "src", "meta")


def emit(cls, num, style, lang, text, dedent=False):
    name = f"b-{cls}-{num:03d}.md"
    if dedent:
        text = textwrap.dedent(text)
    text = text.replace("\r\n", "\n").lstrip("\n").rstrip("\n") + "\n"
    with open(os.path.join(PAGES, name), "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
    meta = {"file": name, "label": "benign", "class": cls, "style": style,
            "language": lang, "previous": None}
    with open(os.path.join(META, name + ".json"), "w", encoding="utf-8") as f:
        json.dump(meta, f, ensure_ascii=False)


def iban(country, bban):
    """Compute a checksum-valid IBAN for an invented BBAN."""
    s = bban + country + "00"
    num = "".join(str(int(c, 36)) for c in s)
    check = 98 - int(num) % 97
    return f"{country}{check:02d}{bban}"


def iban_spaced(code):
    return " ".join(code[i:i + 4] for i in range(0, len(code), 4))
