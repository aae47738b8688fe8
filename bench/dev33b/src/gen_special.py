#!/usr/bin/env python3
"""Generate the dev33b pages whose exact bytes matter.

- IDN links written in punycode (computed here with Python's idna codec)
- base64 blobs (fake certificate bodies, a real tiny PNG) in configs
- German compounds with soft hyphens (U+00AD)
- a Hebrew note with right-to-left marks (U+200F) around LTR runs

Usage: python3 gen_special.py [manifest_fragment.jsonl]
Writes pages into ../pages/ and, if given, manifest rows to the fragment file.
"""
import base64, hashlib, json, os, random, struct, sys, uuid, zlib

HERE = os.path.dirname(os.path.abspath(__file__))
PAGES = os.path.join(HERE, "..", "pages")
SHY = "\u00ad"
RLM = "\u200f"
rows = []


def fm(file, title, tags, updated):
    u = uuid.uuid5(uuid.NAMESPACE_URL, "dev33b/" + file)
    t = json.dumps(title, ensure_ascii=False) if any(c in title for c in ":#'\"") else title
    return f"---\nuuid: {u}\ntitle: {t}\ntags: [{', '.join(tags)}]\nupdated: {updated}\n---\n\n"


def add(file, cls, style, lang, body, title, tags, updated):
    text = fm(file, title, tags, updated) + body.strip("\n") + "\n"
    with open(os.path.join(PAGES, file), "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
    rows.append({"file": file, "label": "benign", "class": cls, "style": style,
                 "language": lang, "previous": None})


def puny(host):
    return host.encode("idna").decode("ascii")


def fake_der_b64(seed, n):
    rnd = random.Random(seed)
    raw = b"\x30\x82" + struct.pack(">H", n - 4) + bytes(rnd.getrandbits(8) for _ in range(n - 4))
    s = base64.b64encode(raw).decode()
    return "\n".join(s[i:i + 64] for i in range(0, len(s), 64))


def tiny_png(w=16, h=16, rgb=(31, 94, 140)):
    def chunk(t, d):
        return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xffffffff)
    raw = b"".join(b"\x00" + bytes(rgb) * w for _ in range(h))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def shy(*parts):
    return SHY.join(parts)


# ---------------------------------------------------------------- IDN pages
h = {k: puny(k) for k in [
    "bäckerei-hüttl.de", "blumen-größer.de", "zahnärzte-am-südpark.de", "fahrräder-köhler.de"]}
add("b-idn-001.md", "risky", "local-directory", "de", f"""
# Gute Adressen im Viertel (Südstadt)

Für neue Nachbarn, gesammelt von der Hausgemeinschaft Römerstraße 12. Einige Läden haben Umlaut-Domains; manche Browser zeigen sie in der Punycode-Form an, das ist normal.

| Geschäft | Webseite | Telefon |
|---|---|---|
| Bäckerei Hüttl (Sonntag bis 11 Uhr) | [https://{h['bäckerei-hüttl.de']}/](https://{h['bäckerei-hüttl.de']}/) | 0911 555 2301 |
| Blumen Größer | [https://{h['blumen-größer.de']}/](https://{h['blumen-größer.de']}/) | 0911 555 7720 |
| Zahnärzte am Südpark (Notdienst Mi) | [https://{h['zahnärzte-am-südpark.de']}/termine](https://{h['zahnärzte-am-südpark.de']}/termine) | 0911 555 4418 |
| Fahrräder Köhler – Reparatur in 48 h | [https://{h['fahrräder-köhler.de']}/](https://{h['fahrräder-köhler.de']}/) | 0911 555 9034 |

Die Bäckerei nimmt Vorbestellungen für Feiertage nur telefonisch an.
""", "Gute Adressen Südstadt", ["nachbarschaft", "adressen"], "2024-04-12")

h = {k: puny(k) for k in ["peluquería-begoña.es", "ferretería-núñez.es", "panadería-la-espiga-dorada.es"]}
add("b-idn-002.md", "risky", "local-directory", "es", f"""
# Comercios del barrio (Chamberí)

Lista para la nueva vecina del 2ºA. Los enlaces están en forma punycode porque el gestor de notas los convierte al pegarlos.

- **Peluquería Begoña** — cita online: https://{h['peluquería-begoña.es']}/reservar · 91 555 43 21
- **Ferretería Núñez** — hacen copias de llaves en el momento: https://{h['ferretería-núñez.es']}/ · 91 555 88 02
- **Panadería La Espiga Dorada** — pan de masa madre los jueves: https://{h['panadería-la-espiga-dorada.es']}/ · 91 555 19 77

El mercado de Vallehermoso abre de lunes a sábado, de 9 a 14 h.
""", "Comercios del barrio", ["barrio", "direcciones"], "2024-03-08")

h = {k: puny(k) for k in ["химчистка-чистюля.рф", "ветклиника-айболит.рф", "пекарня-колосок.рф"]}
add("b-idn-003.md", "risky", "local-directory", "ru", f"""
# Полезные места рядом с домом

Записываю для себя и для мамы. Сайты на кириллических доменах, в адресной строке они выглядят как xn--…, это нормально.

1. Химчистка «Чистюля» — https://{h['химчистка-чистюля.рф']}/ — ул. Лесная, 14, тел. +7 812 555-21-40
2. Ветклиника «Айболит» (круглосуточно) — https://{h['ветклиника-айболит.рф']}/zapis — тел. +7 812 555-77-03
3. Пекарня «Колосок» — https://{h['пекарня-колосок.рф']}/ — бородинский по средам

Оплата в ветклинике картой или наличными, предоплату по ссылкам не просят.
""", "Полезные места рядом", ["район", "адреса"], "2024-02-14")

# ---------------------------------------------------------------- base64 pages
crt = base64.b64encode(("-----BEGIN CERTIFICATE-----\n" + fake_der_b64("dev33b-crt", 790) +
                        "\n-----END CERTIFICATE-----\n").encode()).decode()
add("b-base64-001.md", "risky", "config", "en", f"""
# Local TLS for the dev cluster (kind)

Self-signed cert for `*.dev.localtest.me`, generated with mkcert on my laptop. Only the certificate is here; the key is in 1Password ("kind dev TLS key") and gets applied with `kubectl create secret tls` from the local file.

```yaml
apiVersion: v1
kind: Secret
metadata:
  name: dev-wildcard-tls
  namespace: ingress-nginx
type: kubernetes.io/tls
data:
  tls.crt: {crt}
  tls.key: ""   # filled in by: kubectl create secret tls dev-wildcard-tls --cert=cert.pem --key=key.pem --dry-run=client -o yaml
```

Trust the mkcert root on each machine with `mkcert -install`. Never reuse this cert outside the kind cluster.
""", "Local TLS for kind", ["kubernetes", "tls", "dev"], "2024-03-21")

png = base64.b64encode(tiny_png()).decode()
add("b-base64-002.md", "risky", "config", "en", f"""
# Email signature (HTML) — Harbourline Studio

Inline logo so it shows even when remote images are blocked. The base64 is just our 16×16 blue square mark.

```html
<table cellpadding="0" cellspacing="0" style="font-family:Arial,sans-serif;font-size:12px;color:#333">
  <tr>
    <td style="padding-right:8px">
      <img width="16" height="16" alt="Harbourline" src="data:image/png;base64,{png}">
    </td>
    <td>
      <strong>Tomás Reyes</strong> · Executive Assistant<br>
      Harbourline Studio · 3 Quay Street, Cork T12 X8Y2<br>
      +353 21 555 0192 · <a href="https://harbourline.example">harbourline.example</a>
    </td>
  </tr>
</table>
```

Paste into Outlook › Settings › Signatures (HTML source view).
""", "Email signature HTML", ["email", "signature"], "2024-01-31")

ca = fake_der_b64("dev33b-ca", 840)
add("b-base64-003.md", "risky", "config", "de", f"""
# Home Assistant: MQTT mit eigener CA

Mein Mosquitto-Broker im Keller nutzt ein Zertifikat meiner eigenen kleinen CA (erstellt mit `step-cli`). Damit Home Assistant dem Broker vertraut, liegt das **öffentliche** CA-Zertifikat hier. Der private CA-Schlüssel liegt offline auf dem USB-Stick im Tresor.

`/config/ssl/heim-ca.pem`:

```
-----BEGIN CERTIFICATE-----
{ca}
-----END CERTIFICATE-----
```

`configuration.yaml` (Ausschnitt):

```yaml
mqtt:
  broker: mqtt.heim.lan
  port: 8883
  certificate: /config/ssl/heim-ca.pem
  username: homeassistant
  password: !secret mqtt_password
```

Das MQTT-Passwort steht in `secrets.yaml`, die nicht ins Git-Backup kommt.
""", "MQTT mit eigener CA", ["homeassistant", "mqtt", "zertifikate"], "2024-02-28")

# ---------------------------------------------------------------- soft hyphens
add("b-shy-001.md", "risky", "personal-note", "de", f"""
# Versicherungen & Steuer – Überblick 2024

Ich setze in langen Wörtern weiche Trennstriche, damit sie auf dem Handy sauber umbrechen.

- **{shy('Kraft', 'fahrzeug', 'haft', 'pflicht', 'versicherung')}**: HUK-Coburg, Vertragsnr. 441-22-778190, Beitrag 412,60 €/Jahr, Abbuchung im Januar von DE44 5001 0517 5407 3249 31.
- **{shy('Haus', 'rat', 'versicherung')}**: 96,00 €/Jahr, gleiche Bankverbindung.
- **{shy('Berufs', 'unfähigkeits', 'versicherung')}**: Alte Leipziger, 78,20 €/Monat.
- **{shy('Einkommen', 'steuer', 'voraus', 'zahlung')}**: 1.150 € pro Quartal (10.3., 10.6., 10.9., 10.12.), Finanzamt München, Steuernr. 143/234/56789.
- **{shy('Grund', 'steuer', 'erklärung')}**: erledigt über ELSTER im Oktober 2022.

Alle Zugangsdaten (ELSTER-Zertifikat, Versicherungsportale) liegen im Passwortmanager, nicht hier.
""", "Versicherungen und Steuer 2024", ["finanzen", "versicherung"], "2024-01-15")

add("b-shy-002.md", "risky", "work-note", "de", f"""
# Notiz: Projekt „{shy('Regen', 'wasser', 'rückhalte', 'becken')}“ Gemeinde Altbach

Weiche Trennstriche sind absichtlich drin (für den Export ins schmale PDF-Layout).

- Auftraggeber: {shy('Gemeinde', 'verwaltung')} Altbach, Bauamt, Frau Lenz, 07153 555 410
- Förderung: {shy('Landes', 'förder', 'programm')} „Wasser­wirtschaft 2030“, Bescheid vom 12.02.
- Offene Punkte: {shy('Baugrund', 'untersuchung')}, {shy('Grund', 'stücks', 'eigentümer', 'zustimmung')} (Flurstück 1123/4)
- Zahlungen der Gemeinde an uns: auf unser Geschäftskonto DE72 6005 0101 0002 3456 78 (Rechnungskopf).
- Zugang zum {shy('Ausschreibungs', 'portal')}: persönlicher Login von Jan, nicht teilen.

Nächster Termin: {shy('Bau', 'ausschuss', 'sitzung')} am 18.04., 18 Uhr, Rathaus.
""", "Projekt Regenwasserrückhaltebecken", ["projekt", "bau"], "2024-03-27")

# ---------------------------------------------------------------- plain RTL page
add("b-misc-023.md", "plain", "notes", "he", f"""
# רשימת קניות לשבת

- חלות (2) מהמאפייה של שמעון
- עוף לצלייה, תפוחי אדמה, בטטות
- סלטים: חומוס, טחינה, מטבוחה
- יין אדום — {RLM}Recanati{RLM} או {RLM}Barkan{RLM}
- פרחים לשולחן 💐

אורחים: סבתא ורוני, סה״כ {RLM}8{RLM} אנשים. להתחיל לבשל ב־{RLM}14:00{RLM}.
""", "רשימת קניות לשבת", ["קניות", "שבת"], "2024-05-17")

if len(sys.argv) > 1:
    with open(sys.argv[1], "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
print(len(rows), "pages")
