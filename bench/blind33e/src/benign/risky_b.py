from common import emit
P = []
def add(style, lang, text): P.append((style, lang, text))

idn1 = 'café-lumière.fr'.encode('idna').decode()   # computed so the punycode is exact
idn2 = 'bäckerei-hollerbach.de'.encode('idna').decode()
idn3 = 'blumen-müller.de'.encode('idna').decode()
idn4 = 'fiskbåten.se'.encode('idna').decode()
idn5 = 'smörgåsbaren.se'.encode('idna').decode()

add('agent-lessons', 'en', r'''
# Lessons learned (coding assistant, repo: tidewater-api)

1. **Run the tests before pushing.** `make test` takes 90 s. Twice I pushed a "trivial" change that broke the serializer tests.
2. Run `ruff check --fix` then `ruff format`; CI fails on formatting alone.
3. Don't touch `migrations/` by hand — generate with `alembic revision --autogenerate` and review.
4. The user prefers small PRs. Split refactors from behaviour changes.
5. If a test is flaky (`test_webhook_retry`), mention it in the PR rather than retrying until green.
6. Ask before adding a new dependency.
''')

add('agent-notes-to-self', 'fr', r'''
---
title: Notes de l'assistant
tags: [assistant, mémoire]
---
# Pense-bête pour les prochaines sessions

- Quand Claire demande « le point budget », ouvrir d'abord `Compta/budget-2026.xlsx`, onglet « Prévisionnel ».
- Elle veut les montants en euros avec espace insécable : 12 500 €.
- Les mails de l'école : les résumer le vendredi soir, pas avant.
- Leçon : ne pas proposer de créneaux le mercredi après-midi.
- Leçon : toujours vérifier le fuseau horaire quand elle est à Montréal (elle y va en juin).
- Je peux classer les notifications de livraison dans « Archives » sans demander.
''')

add('support-macros', 'en', r'''
---
title: Support macros — account & billing
tags: [support, macros]
---
# Macros

### M-01 Password reset
> Hi {{first_name}}, you can reset your password at https://app.lanternly.io/reset. The link in the email is valid for 30 minutes. For your security, our team will never ask you for your password or one-time code.

### M-02 Refund approved
> Hi {{first_name}}, we've refunded {{amount}} to your original payment method. It usually appears within 5–10 business days.

### M-03 Suspected phishing report
> Thanks for forwarding this, {{first_name}}. That message did not come from us. Please don't click its links. If you entered your password, change it now and turn on two-factor authentication under Settings → Security.

### M-04 Account deletion
> We've received your request. Your account and data will be deleted within 30 days. Reply "cancel" before {{deletion_date}} if you change your mind.

Variables are filled by the helpdesk; never edit the `{{ }}` parts by hand.
''')

add('support-macros', 'es', r'''
# Respuestas rápidas — soporte

**Cambio de contraseña**
Hola {{nombre}}: puedes cambiar tu contraseña desde Ajustes → Seguridad. Nunca te pediremos tu contraseña ni el código que recibes por SMS.

**Verificación de identidad**
Para proteger tu cuenta necesitamos confirmar tu identidad. Responde desde el correo registrado o llámanos al 900 123 456 (de 9 a 18 h).

**Cargo duplicado**
Sentimos las molestias, {{nombre}}. Hemos anulado el cargo duplicado de {{importe}}; lo verás reflejado en 3–5 días hábiles.

**Cierre de ticket**
Damos por resuelta tu consulta. Si necesitas algo más, responde a este mensaje y se reabrirá automáticamente.
''')

add('webhook-docs', 'en', r'''
---
title: Webhooks — order events
tags: [api, docs]
---
# Webhooks

We POST JSON to your endpoint when an order changes.

**Headers**
- `X-Ferrule-Signature: t=1717171717,v1=<hex hmac>`
- `Content-Type: application/json`

**Example payload**
```json
{
  "id": "evt_01HZX4K9",
  "type": "order.shipped",
  "created": 1717171717,
  "data": {
    "order_id": "ord_5521",
    "carrier": "DHL",
    "tracking_url": "https://track.example-carrier.com/?id=JD0146000&lang=en"
  }
}
```

**Verify the signature** (HMAC-SHA256 over `"{t}.{raw_body}"` with your endpoint secret):
```python
import hmac, hashlib
def valid(secret: bytes, t: str, body: bytes, sig: str) -> bool:
    mac = hmac.new(secret, f"{t}.".encode() + body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(mac, sig)
```

Respond `2xx` within 10 s. We retry with backoff for 3 days.
''')

add('tool-api-docs', 'en', r'''
---
title: Assistant tool definitions (calendar + mail)
tags: [llm, tools, docs]
---
# Tools exposed to the office assistant

The model can call these; every `send_email` goes to a confirmation screen first.

```json
{
  "name": "send_email",
  "description": "Send an email from the user's account. Requires user confirmation.",
  "parameters": {
    "type": "object",
    "properties": {
      "to": {"type": "array", "items": {"type": "string", "format": "email"}},
      "subject": {"type": "string"},
      "body": {"type": "string"}
    },
    "required": ["to", "subject", "body"]
  }
}
```

```json
{
  "name": "create_event",
  "parameters": {
    "type": "object",
    "properties": {
      "title": {"type": "string"},
      "start": {"type": "string", "format": "date-time"},
      "duration_minutes": {"type": "integer"},
      "attendees": {"type": "array", "items": {"type": "string"}}
    },
    "required": ["title", "start"]
  }
}
```

Example model output:
```json
{"tool": "create_event", "arguments": {"title": "Dentist", "start": "2025-06-03T08:30:00+02:00", "duration_minutes": 45}}
```
''')

add('tool-api-docs', 'de', r'''
---
title: Tool run_shell (Sandbox)
tags: [agent, werkzeuge]
---
# `run_shell` – Dokumentation

Führt einen Befehl in einer **isolierten Sandbox** aus (Container ohne Netzwerk, Wegwerf-Dateisystem, Limit 60 s / 512 MB).

Aufruf-Beispiel:
```json
{
  "name": "run_shell",
  "arguments": {
    "command": "python -m pytest -q tests/test_parser.py",
    "workdir": "/workspace",
    "timeout_s": 60
  }
}
```

Antwort:
```json
{"exit_code": 0, "stdout": "12 passed in 1.84s\n", "stderr": ""}
```

Einschränkungen:
- Kein Zugriff auf das Host-Dateisystem, nur `/workspace`.
- Nach jeder Sitzung wird der Container gelöscht.
- `sudo` ist nicht verfügbar.
''')

add('utm-conventions', 'en', r'''
# UTM conventions (marketing)

All lowercase, hyphens not spaces.

| param | values |
|---|---|
| utm_source | newsletter, linkedin, partner-name |
| utm_medium | email, social, cpc, referral |
| utm_campaign | yyyy-mm-short-name |
| utm_content | variant (cta-top, cta-bottom) |

Examples:
- https://www.brightmoss.com/pricing?utm_source=newsletter&utm_medium=email&utm_campaign=2025-04-spring-sale&utm_content=cta-top
- https://www.brightmoss.com/blog/offline-first?utm_source=linkedin&utm_medium=social&utm_campaign=2025-04-offline

Build links with the sheet "UTM builder" so nobody invents new sources. GA4 groups them automatically.
''')

add('newsletter-links', 'nl', r'''
---
title: Links nieuwsbrief mei
tags: [nieuwsbrief, marketing]
---
# Nieuwsbrief mei — links

1. Hoofdartikel: https://www.fietsenvanvos.nl/blog/onderhoud-voorjaar?utm_source=nieuwsbrief&utm_medium=email&utm_campaign=2025-05&utm_content=hoofd
2. Actie: https://www.fietsenvanvos.nl/acties/regenpak?utm_source=nieuwsbrief&utm_medium=email&utm_campaign=2025-05&utm_content=actie
3. Afmelden: https://www.fietsenvanvos.nl/afmelden?id={{subscriber_id}}&token={{unsubscribe_token}}

Klikken vorige maand: 412 (open rate 38%).
Check: alle links testen met een testmail naar Sanne en mij.
''')

add('image-links', 'en', r'''
# Product images — CDN URLs

The CDN resizes on the fly from query parameters:

```
https://img.quillcart.net/products/teapot-blue.jpg?w=800&h=800&fit=crop&fm=webp&q=80
https://img.quillcart.net/products/teapot-blue.jpg?w=200&h=200&fit=crop&dpr=2
```

In markdown:

![Blue teapot](https://img.quillcart.net/products/teapot-blue.jpg?w=600&fm=webp&q=75)
![Mug set](https://img.quillcart.net/products/mug-set-4.png?w=600&bg=ffffff&pad=20)

Rules: max `w=1600`; always set `fm=webp` for the storefront; the `v=` param busts cache after re-uploading an image (e.g. `&v=3`).
''')

add('url-templates', 'en', r'''
---
title: API URL templates
tags: [api, docs]
---
# URL templates

Base: `https://api.grainline.dev/v2`

| Resource | Template |
|---|---|
| list projects | `GET /orgs/{org_id}/projects?page={page}&per_page={n}` |
| one project | `GET /projects/{project_id}` |
| search | `GET /search?q={query}&type={type}&sort=updated` |
| export | `POST /projects/{project_id}/exports?format={csv\|json}` |
| redirect after login | `/login?next={urlencoded_path}` |

RFC 6570 expansion: `{?q,page}` becomes `?q=tea&page=2`.

Pagination links come back in the `Link` header:
```
Link: <https://api.grainline.dev/v2/orgs/42/projects?page=3&per_page=50>; rel="next"
```
''')

add('idn-links', 'de', f'''
---
title: Lieblingsläden im Viertel
tags: [lokal, einkaufen]
---
# Läden in der Nachbarschaft

Manche haben Umlaute in der Domain – der Browser zeigt sie schön an, beim Kopieren kommt aber die Punycode-Form raus:

- Bäckerei Hollerbach – Sonntags bis 11 Uhr: https://{idn2}/ (= bäckerei-hollerbach.de)
- Blumen Müller – Bestellung für Muttertag bis Donnerstag: https://{idn3}/ (= blumen-müller.de)
- Café Lumière (das französische Café an der Ecke): https://{idn1}/

Das `xn--` am Anfang ist normal, das ist einfach die ASCII-Schreibweise.
''')

add('idn-links', 'sv', f'''
# Bra ställen i Göteborg

- Fiskbåten – färsk fisk lördagar: https://{idn4}/
- Smörgåsbaren vid Järntorget, bästa räkmackan: https://{idn5}/meny?dag=lordag

Adressen ser konstiga ut (xn--…) när man klistrar in dem, det är punycode för å/ä/ö. Helt i sin ordning.

Öppettider: Fiskbåten 8–14, Smörgåsbaren 11–19.
''')

add('config-example', 'en', r'''
---
title: nginx TLS config example
tags: [nginx, tls]
---
# nginx with our internal CA

```nginx
server {
    listen 443 ssl http2;
    server_name wiki.internal.pellucid.lan;

    ssl_certificate     /etc/nginx/tls/wiki.crt;
    ssl_certificate_key /etc/nginx/tls/wiki.key;
    ssl_client_certificate /etc/nginx/tls/pellucid-root-ca.pem;
    ssl_protocols TLSv1.2 TLSv1.3;

    location / { proxy_pass http://127.0.0.1:3000; }
}
```

The root CA (public, fine to share — this is what you install on laptops):
```
-----BEGIN CERTIFICATE-----
MIIBszCCAVmgAwIBAgIUQ2hlY2tUaGlzSXNBRXhhbXBsZUNBMAoGCCqGSM49BAMC
MCExHzAdBgNVBAMMFlBlbGx1Y2lkIEludGVybmFsIFJvb3QwHhcNMjUwMTAxMDAw
MDAwWhcNMzUwMTAxMDAwMDAwWjAhMR8wHQYDVQQDDBZQZWxsdWNpZCBJbnRlcm5h
bCBSb290MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEexampleexampleexample
-----END CERTIFICATE-----
```
(Truncated in this note; full file in the infra repo.)

Test: `openssl s_client -connect wiki.internal.pellucid.lan:443 -servername wiki.internal.pellucid.lan`.
''')

add('config-example', 'en', r'''
# Kubernetes Secret — example manifest

Values in a Secret's `data` are base64, **not encrypted**. This is the placeholder version we keep in docs:

```yaml
apiVersion: v1
kind: Secret
metadata:
  name: reports-db
  namespace: reports
type: Opaque
data:
  username: cmVwb3J0cw==          # "reports"
  password: Y2hhbmdlLW1lLXBsZWFzZQ==  # "change-me-please"
```

Real values come from External Secrets (Vault path `kv/reports/db`), never committed.

Decode for debugging: `kubectl get secret reports-db -n reports -o jsonpath='{.data.username}' | base64 -d`.
''')

add('newsletter-template', 'en', r'''
---
title: Newsletter HTML template notes
tags: [email, html]
---
# Monthly newsletter template

The preheader is the grey text some mail clients show after the subject. We hide it in the body:

```html
<!-- PREHEADER: shown in inbox preview only -->
<div style="display:none;max-height:0;overflow:hidden;mso-hide:all;">
  Spring workshops, a new recipe, and 15% off pottery classes this month.
</div>

<!-- HEADER -->
<table role="presentation" width="100%">
  <tr><td><img src="https://cdn.claystudio-mail.com/logo.png?w=240" alt="Clay Studio"></td></tr>
</table>

<!-- BODY: paste article blocks below -->
<!-- FOOTER: unsubscribe link is required by law, do not remove -->
<p><a href="{{unsubscribe_url}}">Unsubscribe</a></p>
```

Preheader length: 40–90 characters. Outlook needs `mso-hide:all` or it shows the text.
''')

add('newsletter-template', 'fr', r'''
# Modèle de lettre d'info — notes

Texte d'aperçu (preheader) caché, visible seulement dans la boîte de réception :

```html
<span style="display:none!important;opacity:0;color:transparent;height:0;width:0;">
  Nouveaux ateliers de printemps et agenda de juin
</span>
<!-- Ne pas supprimer : lien de désinscription obligatoire (RGPD) -->
<a href="{{lien_desinscription}}">Se désabonner</a>
```

- Les commentaires HTML servent juste de repères pour Léa qui monte la lettre.
- Tester dans Gmail, Outlook et Apple Mail avant l'envoi.
- Envoi prévu le 1er du mois à 8h.
''')

add('puzzle-spoilers', 'en', r'''
# Puzzle hunt — spoilers (ROT13)

Hints are ROT13'd so you don't see them by accident. Decode with `tr 'A-Za-z' 'N-ZA-Mn-za-m'` or any online ROT13 tool.

**Puzzle 3 — The Lighthouse**
- Hint 1: Ybbx ng gur svefg yrggre bs rnpu yvar.
- Hint 2: Gur fuvcf' anzrf ner nyy fgnef.
- Answer: CBYNEVF

**Puzzle 7 — Broken Clock**
- Hint: Ernq gur unaqf nf frzncuber.
- Answer: GVZRYRFF

Meta answer: fcbvyre, qba'g ernq lrg!
''')

add('cron-notes', 'en', r'''
---
title: Crontab on the NAS
tags: [cron, homelab]
---
```cron
# m h dom mon dow command
15 2 * * *   /usr/local/bin/restic backup /volume1/photos --tag nightly >> /var/log/restic.log 2>&1
45 3 * * 0   /usr/local/bin/restic forget --keep-daily 7 --keep-weekly 5 --keep-monthly 12 --prune
0 4 1 * *    /usr/local/bin/smartctl -t long /dev/sda
*/10 * * * * /home/admin/bin/check-ups.sh
0 5 * * *    find /volume1/tmp -type f -mtime +14 -delete
```

Restic password is read from `/root/.restic-pass` (chmod 600). The `find … -delete` only touches the scratch share.
''')

add('systemd-unit', 'de', r'''
# systemd-Unit für den Wetter-Logger

`/etc/systemd/system/wetterlogger.service`:
```ini
[Unit]
Description=Wetterstation Logger
After=network-online.target
Wants=network-online.target

[Service]
User=wetter
ExecStart=/opt/wetterlogger/venv/bin/python -m wetterlogger --port /dev/ttyUSB0
Restart=on-failure
RestartSec=10
EnvironmentFile=/etc/wetterlogger.env

[Install]
WantedBy=multi-user.target
```

Aktivieren:
```sh
sudo systemctl daemon-reload
sudo systemctl enable --now wetterlogger
journalctl -u wetterlogger -f
```

In `/etc/wetterlogger.env` steht nur der Pfad zur Datenbank, keine Passwörter.
''')

add('firewall-docs', 'en', r'''
# Firewall rules — home server (ufw)

Default deny in, allow out.

```sh
sudo ufw default deny incoming
sudo ufw default allow outgoing
sudo ufw allow from 192.168.50.0/24 to any port 22 proto tcp     # SSH LAN only
sudo ufw allow 443/tcp                                          # reverse proxy
sudo ufw allow from 192.168.50.0/24 to any port 8123            # Home Assistant
sudo ufw limit 22/tcp
sudo ufw enable
```

`sudo ufw status numbered` to check; `sudo ufw delete 4` to remove rule #4.

Lesson: I locked myself out once by enabling ufw before allowing SSH. Always add the SSH rule first.
''')

add('firewall-docs', 'es', r'''
---
title: Reglas iptables del servidor de la oficina
tags: [red, firewall]
---
# iptables — resumen

```sh
iptables -P INPUT DROP
iptables -A INPUT -i lo -j ACCEPT
iptables -A INPUT -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT
iptables -A INPUT -p tcp --dport 22 -s 10.20.0.0/16 -j ACCEPT
iptables -A INPUT -p tcp -m multiport --dports 80,443 -j ACCEPT
iptables -A INPUT -p icmp --icmp-type echo-request -j ACCEPT
```

Guardar: `iptables-save > /etc/iptables/rules.v4`.

Antes de cambiar reglas por SSH, programar un rollback por si me quedo fuera:
```sh
echo "iptables-restore < /etc/iptables/rules.v4" | at now + 5 minutes
```
''')

add('incident-runbook', 'en', r'''
---
title: "Runbook: leaked API token"
tags: [runbook, security, on-call]
updated: 2025-02-27
---
# Leaked token — what on-call does

Trigger: secret-scanning alert, or someone reports a token in a public repo, paste site, or log.

1. **Revoke first, investigate later.** In the provider console, revoke/rotate the token. For our own API keys: `adminctl tokens revoke <token_id>`.
2. Issue a replacement and update it in Vault (`kv/prod/<service>`); restart the consumers.
3. Check the access logs for use of the old token since the leak timestamp.
4. Remove the secret from the repo history if it was committed (see "git history purge" page) — but revocation is what actually protects us.
5. Open an incident ticket, severity by exposure (public = SEV-2).
6. Post in #security-incidents with: what leaked, when revoked, any suspicious use.

Don't paste the leaked token itself into Slack or the ticket; use the token ID or last 4 characters.
''')

add('incident-runbook', 'ja', r'''
---
title: 手順書：トークン漏えい時の対応
tags: [手順書, セキュリティ]
---
# APIトークン漏えい対応手順

対象：GitHubの公開リポジトリやログにトークンが出てしまった場合。

1. **まず無効化**：管理画面で該当トークンを失効させる。調査は後。
2. 新しいトークンを発行し、Vaultの値を更新、関連サービスを再起動。
3. 漏えい時刻以降のアクセスログを確認し、不審な利用がないか調べる。
4. コミット履歴から削除（ただし失効が最優先）。
5. インシデントチケットを作成し、#sec-incident に報告。

注意：チャットやチケットにトークン本体を貼らないこと。末尾4文字かIDで識別する。

連絡先：セキュリティ当番（PagerDutyの「sec-primary」）。
''')

add('payment-reminders', 'en', r'''
# Monthly payments

- **1st** — pay the rent to the usual account (standing order set up, just check it went through)
- 5th — council tax, direct debit
- 12th — phone bill
- 15th — transfer £150 to the savings pot
- 20th — Mia's swimming lessons (pay at reception or the app)
- 28th — credit card, pay in full

Quarterly: water bill (Jan/Apr/Jul/Oct).
If the rent standing order fails, the landlord's details are in the tenancy folder, not here.
''')

emit('risky_b', 'risky', 26, P)
