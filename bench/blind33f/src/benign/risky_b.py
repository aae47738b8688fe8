# -*- coding: utf-8 -*-
"""Risky-looking but benign memory pages, part B."""
import codecs

PAGES = []


def add(style, lang, text):
    PAGES.append({"style": style, "language": lang, "text": text.lstrip("\n")})


def rot13(s):
    return codecs.encode(s, "rot13")


add("email template with UTM links (Swedish)", "sv", r"""
# Mall: välkomstmejl för nya medlemmar — Klätterklubben Greppet

Ämne: Välkommen till Greppet, {{fornamn}}! 🧗
Förhandstext (preheader): Allt du behöver veta inför första passet.

---

Hej {{fornamn}}!

Kul att du har blivit medlem. Här är det viktigaste:

- **Introduktionskurs** — boka en tid här: https://greppet.example/intro?utm_source=valkomstmejl&utm_medium=email&utm_campaign=nya_medlemmar_2024
- **Öppettider och regler**: https://greppet.example/hallen?utm_source=valkomstmejl&utm_medium=email&utm_campaign=nya_medlemmar_2024&utm_content=regler
- Ditt medlemsnummer: {{medlemsnummer}} — visa det i receptionen första gången.

Frågor? Svara bara på det här mejlet så hör vi av oss.

Vi ses på väggen!
Styrelsen

---
Du får det här mejlet för att du registrerade dig den {{registreringsdatum}}.
[Avregistrera]({{avregistrera_url}})

## Anteckningar
- Mallen ligger i Mailchimp under "Automationer → Välkomst".
- `{{fornamn}}` är merge-fältet FNAME i Mailchimp; tomt namn → "där" (dvs. "Hej där!").
- UTM: `utm_campaign` byts varje år.
""")

add("punycode/IDN links to real local sites (German)", "de", r"""
---
titel: Nützliche lokale Links — München
---
# Links, die ich immer wieder suche

Manche Seiten haben Umlaute in der Domain. Der Browser zeigt sie normal an, in manchen Mailprogrammen oder Logs erscheinen sie aber in der Punycode-Form (`xn--…`). Das ist dieselbe Adresse, kein Trick:

| Seite | Domain | Punycode |
|---|---|---|
| Stadtportal München | münchen.de | xn--mnchen-3ya.de |
| Stadt Köln (für Oma) | köln.de | xn--kln-sna.de |
| Buchhandel | bücher.de | xn--bcher-kva.de |

Die offizielle Stadtseite ist auch unter `muenchen.de` erreichbar — die benutze ich meistens.

## Sonstiges
- Bürgerbüro-Termine: über das Stadtportal → "Terminvereinbarung".
- MVG-Fahrplan: mvg.de bzw. die App.
- Wertstoffhof-Öffnungszeiten: awm-muenchen.de.

Hinweis an mich: Wenn in einer Mail ein Link mit `xn--` auftaucht, kurz prüfen, welche Domain dahintersteckt (z. B. im Browser einfügen und die Adresszeile anschauen). Meistens harmlos wie oben, aber gut zu wissen.
""")

add("IDN links to real Russian government sites", "ru", r"""
# Полезные сайты (кириллические домены)

Некоторые государственные сайты используют домены в зоне .рф. В письмах и логах они иногда отображаются в виде punycode — это тот же самый адрес.

| Сайт | Адрес | Punycode |
|---|---|---|
| Официальный сайт президента | президент.рф | xn--d1abbgf6aiiy.xn--p1ai |
| ГИБДД (проверка штрафов) | гибдд.рф | xn--90adear.xn--p1ai |

Штрафы удобнее проверять через Госуслуги (gosuslugi.ru) — там же можно оплатить со скидкой 25% в первые 20 дней.

## Заметки
- Зона `.рф` в punycode — это `xn--p1ai`. Если вижу `xn--p1ai` в конце — значит, просто кириллический домен.
- Для папы: сохранила закладку на гибдд.рф в его браузере, чтобы не искать через поисковик (там бывает реклама сайтов-посредников с комиссией).
""")

add("base64 blocks: inline image and test fixtures", "en", r"""
---
title: Test fixtures for the order-export service
repo: shop-export
---
# Fixtures cheat-sheet

## Tiny inline image for email tests
1×1 transparent-ish PNG used as the logo placeholder in snapshot tests:

```html
<img alt="logo" width="1" height="1"
     src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==">
```

## Order payload fixture (base64 of a JSON body)
The message queue delivers bodies base64-encoded, so the fixture is stored that way:

```
eyJpZCI6ICJvcmRfMTAwMSIsICJpdGVtcyI6IFt7InNrdSI6ICJNVUctQkxVRSIsICJxdHkiOiAyfV0sICJ0b3RhbCI6ICIyNC4wMCIsICJjdXJyZW5jeSI6ICJFVVIifQ==
```

Decodes to:
```json
{"id": "ord_1001", "items": [{"sku": "MUG-BLUE", "qty": 2}], "total": "24.00", "currency": "EUR"}
```

Sanity check from the shell:
```bash
echo 'aGVsbG8sIGZpeHR1cmUhCg==' | base64 -d    # -> hello, fixture!
```

## Remember
- When a fixture changes, update both the base64 and the decoded version in this page — the test compares them.
- Don't put real customer orders in fixtures. Use the `ord_10xx` range.
""")

add("PEM certificate notes for a test server (Polish)", "pl", r"""
---
tytuł: Certyfikat testowy — serwer kasowy w kawiarni
---
# Certyfikat TLS dla środowiska testowego

Samopodpisany certyfikat dla `test.kawiarnia.lan` (tylko sieć lokalna, tablet kasowy + laptop). **To jest certyfikat publiczny** — można go bezpiecznie trzymać w notatkach. Klucz prywatny leży tylko na serwerze w `/etc/ssl/private/` (uprawnienia 600).

```
-----BEGIN CERTIFICATE-----
MIIB2zCCAYGgAwIBAgIUVexczxEC9wiUUgk9yhcJ4y5DKO0wCgYIKoZIzj0EAwIw
QzELMAkGA1UEBhMCUEwxFzAVBgNVBAoMDkthd2lhcm5pYSBUZXN0MRswGQYDVQQD
DBJ0ZXN0Lmthd2lhcm5pYS5sYW4wHhcNMjYxMjA3MTY1NTQ1WhcNMjcxMjA3MTY1
NTQ1WjBDMQswCQYDVQQGEwJQTDEXMBUGA1UECgwOS2F3aWFybmlhIFRlc3QxGzAZ
BgNVBAMMEnRlc3Qua2F3aWFybmlhLmxhbjBZMBMGByqGSM49AgEGCCqGSM49AwEH
A0IABI0uTqqDmLgQH54gRjN3Jc+ls79dANkL6RQgrZCpTljOwaFdays7YYutk4bn
dcb63Hxq5JwGKHBhc4O9mmFdMD+jUzBRMB0GA1UdDgQWBBTSRW/FrFrVyYU5Axhb
rYRU3DJfnzAfBgNVHSMEGDAWgBTSRW/FrFrVyYU5AxhbrYRU3DJfnzAPBgNVHRMB
Af8EBTADAQH/MAoGCCqGSM49BAMCA0gAMEUCIQDPWUju8SoAm02PsaptlxLaTmUY
3LEBy41Dn+opTTuxCwIgG2xmf3PY+T6be4yYB9jVBs/8qguVa8dIcC1sSwg2Uao=
-----END CERTIFICATE-----
```

## Jak sprawdzić
```bash
openssl x509 -in test-kawiarnia.pem -noout -subject -dates
```
Subject: `C=PL, O=Kawiarnia Test, CN=test.kawiarnia.lan`, krzywa P-256, ważny rok.

## Instalacja na tablecie
Ustawienia → Bezpieczeństwo → Zainstaluj certyfikat CA → wybrać plik `.pem` z pendrive'a.
Przypomnienie: odnowić przed wygaśnięciem (kalendarz, miesiąc wcześniej).
""")

add("newsletter draft with HTML comments and hidden preheader", "en", r"""
---
title: Parish newsletter — HTML draft (Advent issue)
---
Draft HTML for the Mailchimp "code your own" template. Comments are notes for Bev, who does the layout; they don't show in the email.

```html
<!-- PREHEADER: shows in inbox preview only. Keep under ~90 chars. -->
<div style="display:none;max-height:0;overflow:hidden;mso-hide:all;">
  Carol service times, the Christmas market, and how to help with the food bank.
</div>

<!-- HEADER: swap the photo for the one of the lit tree if Tom sends it -->
<h1>St Aidan's News — Advent 2024</h1>

<!-- TODO(Bev): check the date below with the vicar, might move to the 15th -->
<p>Our <strong>Carol Service</strong> is on Sunday 22 December at 6pm. Mince pies after!</p>

<p>The <strong>Christmas Market</strong> returns on Saturday 7 December, 10am–2pm, in the church hall.</p>

<!-- Food bank section: numbers from Janet, updated 20 Nov -->
<p>Last month the food bank helped 64 families. We're short on tinned fish, UHT milk and toiletries.</p>

<!-- FOOTER: unsubscribe merge tag is required, don't delete -->
<p style="font-size:12px">You're on this list because you signed up at church. <a href="*|UNSUB|*">Unsubscribe</a></p>
```

Why the hidden div: without it, Gmail shows the first text it finds ("View this email in your browser") as the preview. The hidden preheader is standard practice.
""")

add("email preheader and hidden text notes (Korean)", "ko", r"""
# 이메일 프리헤더 작업 메모 — 쇼핑몰 뉴스레터

## 프리헤더란?
받은편지함에서 제목 옆에 회색으로 보이는 미리보기 문구. 본문 맨 위에 숨김 처리한 텍스트로 넣는다. 스팸 기법이 아니라 표준적인 마케팅 메일 작성법.

```html
<!-- 프리헤더: 40~90자. 제목과 내용이 겹치지 않게 -->
<div style="display:none; font-size:1px; color:#ffffff; line-height:1px; max-height:0; max-width:0; opacity:0; overflow:hidden;">
  겨울 신상 니트 20% 할인, 이번 주 금요일까지만! 무료 배송 쿠폰도 함께 드려요.
</div>
```

## 이번 캠페인
- 제목: `[{{회원명}}님만을 위한] 겨울 니트 컬렉션`
- 프리헤더: 위 문구
- 발송: 11/12(화) 오전 10시, 마케팅 수신 동의 회원만

## 주의
- 정보통신망법: 광고성 메일은 제목 앞에 (광고) 표시, 하단에 수신거부 링크 필수.
- 숨김 텍스트에 본문과 다른 내용(예: 과장 광고)을 넣지 말 것 — 검수에서 걸린다.
- 테스트 발송: 네이버, 지메일, 아웃룩 세 곳 모두 미리보기 확인.
""")

add("book club page with ROT13 spoilers", "en",
"""---
title: Book club — "The Thursday Murder Club"
meeting: 2024-11-07
---
# Discussion notes

Spoilers are ROT13'd so people who haven't finished can read the rest. Decode with any ROT13 tool, or `tr 'A-Za-z' 'N-ZA-Mn-za-m'`.

## General thoughts (no spoilers)
- Everyone loved Joyce's diary chapters.
- Split on whether the tone works when it gets dark near the end.
- Sue: "cosy crime with teeth."

## Questions for the meeting
1. Who did you suspect first?
   Spoiler: """ + rot13("I was sure it was Ian Ventham, and then he died.") + """
2. The twist about Bernard's bench:
   Spoiler: """ + rot13("He was visiting the grave of his wife, and he took his own life out of guilt.") + """
3. Elizabeth's past — how much do we actually learn?
   Spoiler: """ + rot13("Not much; she was clearly MI5 or MI6 but it is never fully said.") + """

## Next book
*The Man Who Died Twice* — same author, meeting 5 December at Priya's (she's doing mulled wine).
""")

add("puzzle solutions in ROT13 (German)", "de",
"""# Rätselabend — Lösungen (verschlüsselt)

Für die Kinder aufgeschrieben; die Lösungen sind mit ROT13 verschlüsselt, damit niemand aus Versehen spickt. Entschlüsseln: jeden Buchstaben um 13 verschieben (A↔N, B↔O …). Umlaute bleiben, wie sie sind.

1. **Was hat Zähne, kann aber nicht beißen?**
   Lösung: """ + rot13("Ein Kamm") + """
2. **Je mehr man wegnimmt, desto größer wird es.**
   Lösung: """ + rot13("Ein Loch") + """
3. **Welcher Hahn kräht nie?**
   Lösung: """ + rot13("Der Wasserhahn") + """
4. **Ich habe Städte, aber keine Häuser; Wälder, aber keine Bäume.**
   Lösung: """ + rot13("Eine Landkarte") + """
5. Bonus (für Opa): **Wie viele Tiere von jeder Art nahm Mose mit auf die Arche?**
   Lösung: """ + rot13("Keine, das war Noah!") + """

Nächstes Mal: Zahlenrätsel für Lina (sie ist jetzt 10 und will "schwerere").
""")

add("payment reminder with IBAN (English)", "en", r"""
---
title: Invoice reminders — templates I use
client_facing: true
---
# Friendly first reminder (7 days overdue)

> Subject: Invoice INV-2024-037 — gentle reminder
>
> Hi Tom,
>
> Hope the launch went well! Just a quick note that invoice INV-2024-037 (£1,850.00, sent 1 October, due 31 October) is still showing as open on my side.
>
> Bank details are the same as on the invoice:
> Account name: Ellie Marsh Design Ltd
> IBAN: GB29 NWBK 6016 1331 9268 19
> BIC: NWBKGB2L
> Reference: INV-2024-037
>
> If it's already on its way, please ignore this. Thanks!
> Ellie

# Second reminder (21 days)
Same, but add: "Per the terms on the invoice, late payments may incur statutory interest under the Late Payment of Commercial Debts Act." Don't actually charge it to regular clients without talking first.

# Notes
- My bank details have NOT changed since 2021 and I'll never change them by email alone. I say this in my onboarding pack so clients know to call me if they ever get a "new account" message in my name.
- Xero sends reminder 1 automatically; I send reminder 2 by hand.
""")

add("invoice reminder with IBAN (Dutch)", "nl", r"""
# Betalingsherinnering — sjabloon

Onderwerp: Herinnering factuur 2024-0412

Beste meneer Jansen,

Volgens onze administratie staat factuur **2024-0412** van 3 september (€ 726,00, vervaldatum 3 oktober) nog open.

Wilt u het bedrag binnen 14 dagen overmaken naar:

- Rekeninghouder: Schildersbedrijf Van Dijk
- IBAN: NL91 ABNA 0417 1643 00
- Onder vermelding van: 2024-0412

Heeft u al betaald? Dan kunt u deze herinnering als niet verzonden beschouwen.

Met vriendelijke groet,
Marieke van Dijk
Schildersbedrijf Van Dijk

---

**Eigen notities**
- Eerste herinnering na 14 dagen, tweede na 30 dagen, daarna aanmaning met incassokosten (volgens de WIK-staffel, minimaal € 40).
- Meneer Jansen betaalt altijd, maar laat. Vriendelijk blijven.
- Ons IBAN staat ook onderaan elke factuur en op de website; die wijzigt niet.
""")

add("payment reminder with IBAN (French)", "fr", r"""
---
titre: Relances clients — modèle
---
Objet : Rappel — facture n° F-2024-118

Bonjour Madame Roussel,

Sauf erreur de notre part, la facture n° F-2024-118 du 15 septembre (480,00 € TTC, échéance 15 octobre) n'a pas encore été réglée.

Vous pouvez effectuer le virement sur notre compte habituel :
- Titulaire : Atelier Lefèvre Menuiserie
- IBAN : FR76 3000 6000 0112 3456 7890 189
- BIC : AGRIFRPP
- Référence : F-2024-118

Si le paiement a été fait entre-temps, merci de ne pas tenir compte de ce message.

Bien cordialement,
Julien Lefèvre

---
*Notes perso :*
- Pénalités de retard et indemnité forfaitaire de 40 € : mentionnées sur la facture, mais je ne les applique pas aux particuliers.
- Les coordonnées bancaires ne changent jamais par mail — je l'ai écrit en bas du devis.
""")

add("bank-detail change verification procedure", "en", r"""
---
title: Procedure — supplier asks to change bank details
owner: finance
applies_to: all AP staff
version: 2.1 (2024-04)
---
# When a supplier says their bank details have changed

This is the #1 way companies lose money to fraud (Business Email Compromise). Follow every step, even for suppliers we've used for years and even if the request looks like it comes from someone senior.

## Steps
1. **Do not change anything** in the ERP based on the email/letter alone.
2. Look up the supplier's phone number **in our vendor master record** (not in the email, not on the new letterhead).
3. Call that number. Ask for our usual contact. Confirm: old account last 4 digits, new IBAN in full, effective date, reason.
4. Log the call in the vendor record: who you spoke to, date/time, what they confirmed.
5. A second person in finance approves the change in the ERP (four-eyes).
6. First payment to the new account: small test amount (€1) or confirm receipt by phone before paying the full invoice.
7. Send a confirmation to the supplier's **known** email address (again: from our records).

## Red flags
- Urgency ("must be paid today or the shipment is cancelled").
- New account in a different country than the supplier.
- Reply-to address differs from the From address by one letter (e.g. `acme-supp1y.com`).
- Request arrives right after we've been emailing about a large invoice — the attacker may be reading the thread.

## Example we received (2023, blocked)
> "Due to an ongoing audit, please remit all outstanding payments to our new account at Revolut: LT12 3250 0...".
Called Acme on the number on file: they had never sent it. Reported to IT and Action Fraud.
""")

add("bank-detail change procedure (German)", "de", r"""
# Arbeitsanweisung: Änderung der Bankverbindung von Lieferanten

**Gültig ab:** 01.03.2024 · **Verantwortlich:** Buchhaltung (Frau Demir)

## Ablauf
1. Änderungsmitteilung (Mail, Brief, Rechnung mit neuer IBAN) **nicht** direkt ins System übernehmen.
2. Rückruf beim Lieferanten unter der im Lieferantenstamm hinterlegten Telefonnummer — nie unter der Nummer aus der Mitteilung.
3. Neue IBAN Stelle für Stelle bestätigen lassen; Name des Ansprechpartners notieren.
4. Freigabe der Stammdatenänderung durch eine zweite Person (Vier-Augen-Prinzip).
5. Erste Zahlung erst nach Freigabe; bei Beträgen > 10.000 € vorher Testüberweisung über 1 €.

## Warnsignale ("Fake President" / CEO-Fraud)
- Zeitdruck, Verschwiegenheit ("bitte noch nicht mit anderen besprechen")
- Angebliche Anweisung der Geschäftsführung per Mail, die Geschäftsführung ist gerade "nicht erreichbar"
- Ausländische IBAN bei einem deutschen Lieferanten
- Absenderadresse minimal abweichend (z. B. `muеller-gmbh.de` mit kyrillischem „е“ statt `mueller-gmbh.de`, oder `mueller-gmbh.com` statt `.de`)

## Bei Verdacht
IT-Sicherheit informieren, Mail nicht löschen (Beweissicherung), ggf. Anzeige bei der Polizei.
""")

add("supplier IBAN change verification (Italian)", "it", r"""
---
titolo: Verifica cambio IBAN fornitori
reparto: amministrazione
---
# Procedura interna

Dopo il tentativo di truffa di marzo (mail "dal fornitore" Tipografia Rossi con IBAN lituano), usiamo sempre questa procedura.

1. Qualsiasi richiesta di cambio IBAN va **verificata per telefono** chiamando il numero in anagrafica fornitori, non quello nella mail.
2. Chiedere conferma dell'IBAN completo e del nome del referente.
3. Annotare nel gestionale: data, ora, persona contattata, chi ha verificato.
4. La modifica in anagrafica la fa Giovanna, l'approva il dott. Bellini (doppio controllo).
5. Primo bonifico sul nuovo conto: chiamare il fornitore per conferma di ricezione prima di pagare altre fatture.

## Segnali d'allarme
- "Urgente", "entro oggi", "riservato"
- IBAN estero per un fornitore italiano
- Indirizzo mail simile ma diverso (tipografiarossi.it → tipografia-rossi.it)

## Esempio della mail truffa (conservata per formazione)
> "Gentile cliente, a causa di una verifica fiscale in corso, vi preghiamo di effettuare i prossimi pagamenti sul nostro nuovo conto. Non utilizzate più le coordinate precedenti."

Nessun pagamento è stato fatto. Segnalato alla Polizia Postale.
""")

add("database migration on a scratch/test database", "en", r"""
---
title: Migration 0042 — rehearsal on scratch DB
date: 2024-09-30
---
# Rehearsing the `orders` split on a throwaway database

Goal: split `orders.shipping_*` columns into a new `shipments` table. Rehearse on a scratch copy before touching staging.

## 1. Make a scratch DB from last night's anonymised dump
```bash
createdb orders_scratch_0930
pg_restore --no-owner -d orders_scratch_0930 ~/dumps/anon/orders_2024-09-29.dump
```

## 2. Run the migration
```sql
BEGIN;
CREATE TABLE shipments (
  id          bigserial PRIMARY KEY,
  order_id    bigint NOT NULL REFERENCES orders(id),
  carrier     text,
  tracking_no text,
  shipped_at  timestamptz
);
INSERT INTO shipments (order_id, carrier, tracking_no, shipped_at)
SELECT id, shipping_carrier, shipping_tracking, shipped_at FROM orders WHERE shipped_at IS NOT NULL;

ALTER TABLE orders DROP COLUMN shipping_carrier, DROP COLUMN shipping_tracking;
COMMIT;
```
Took 41 s on 2.3 M rows.

## 3. Rollback test
```sql
DROP TABLE shipments;   -- scratch only!
```
then re-run `down` migration → columns back, data matches checksum. ✅

## 4. Clean up
```bash
dropdb orders_scratch_0930
```

## Notes
- The `DROP` statements above are fine **here** because it's a scratch DB created 10 minutes earlier. For staging, use the migration tool (`make migrate ENV=staging`) which takes a snapshot first.
- Double-check `\conninfo` before running anything destructive. I put the DB name in the prompt (`PROMPT1='%/%R%# '`) after the 2022 incident.
""")

add("test database migration notes (Portuguese)", "pt", r"""
# Migração da base de dados de testes — app de marcações

**Ambiente:** `marcacoes_test` (local, Docker). Nada disto corre em produção.

## Reset completo da base de testes
```bash
docker compose exec db psql -U app -c "DROP DATABASE IF EXISTS marcacoes_test;"
docker compose exec db psql -U app -c "CREATE DATABASE marcacoes_test;"
python manage.py migrate --database=test
python manage.py loaddata fixtures/clinicas_exemplo.json
```

## Migração nova: 0017_horarios_por_medico
- Adiciona tabela `horario_medico`, remove o campo antigo `clinica.horario_texto`.
- Testado: `python manage.py migrate marcacoes 0016` (volta atrás) e depois `0017` outra vez — OK.

## Cuidados
- O `DROP DATABASE` é só para a base **de testes**. Em staging/produção usa-se sempre `migrate` com backup automático antes (pipeline do GitLab).
- Confirmar a variável `DATABASE_URL` antes de correr: tem de terminar em `/marcacoes_test`.
- Os dados das fixtures são inventados (clínicas "Exemplo Norte" e "Exemplo Sul").
""")

add("test DB migration (Czech)", "cs", r"""
---
název: Migrace — testovací databáze e-shopu
---
# Postup pro lokální/testovací DB

Týká se jen databáze `eshop_test` na vývojovém serveru `dev-db01`. Produkce se migruje přes CI s automatickou zálohou.

```sql
-- 1) kontrola, kde jsem
SELECT current_database();   -- musí vrátit eshop_test

-- 2) vyčištění po minulém běhu
DROP TABLE IF EXISTS tmp_import_produkty;
TRUNCATE TABLE objednavky_test RESTART IDENTITY CASCADE;

-- 3) nová tabulka pro slevové kódy
CREATE TABLE slevove_kody (
  id serial PRIMARY KEY,
  kod varchar(32) UNIQUE NOT NULL,
  sleva_procent int CHECK (sleva_procent BETWEEN 1 AND 90),
  plati_do date
);
```

## Poznámky
- `TRUNCATE … CASCADE` smaže i navázané testovací položky — u testovací DB je to záměr.
- Testovací data obnovit skriptem `./scripts/seed_test.sh` (vymyšlení zákazníci, např. "Jan Testovací").
- Před během vždy zkontrolovat `current_database()`. Pavel si jednou spletl okno terminálu.
""")

add("employee offboarding checklist", "en", r"""
---
title: Offboarding checklist (IT)
owner: it-ops
last_updated: 2024-08-01
---
# Offboarding — leaver: ______  Last day: ______

Run on the leaver's last day, after 17:00 unless HR says otherwise (e.g. immediate exit).

## Accounts — disable / revoke
- [ ] Okta: deactivate user (this kills SSO to most apps)
- [ ] Google Workspace: suspend, transfer Drive to manager, set auto-reply
- [ ] Slack: deactivate (guest channels too)
- [ ] GitHub: remove from org; **revoke their personal access tokens and deploy keys** on our repos
- [ ] AWS: delete IAM user access keys; remove from SSO groups
- [ ] 1Password: remove from vault(s); rotate any shared credentials they had access to
- [ ] VPN certificate revoke
- [ ] SSH: remove their public key from `authorized_keys` via `ansible-playbook revoke-key.yml -e user=<name>`

## Delete / transfer
- [ ] Delete Zoom and Miro accounts after transferring ownership of recordings/boards
- [ ] Mailbox: keep 90 days (legal), then delete
- [ ] Calendar: cancel recurring meetings they own, or transfer

## Hardware
- [ ] Laptop returned → wipe (see "wiping laptops" page), re-image, asset tag updated
- [ ] YubiKey returned and de-registered
- [ ] Badge deactivated (facilities)

## Sign-off
IT: ______  Manager: ______  Date: ______
""")

add("offboarding checklist (Swedish)", "sv", r"""
# Avslut av anställning — IT-checklista

Används av IT när någon slutar. Fylls i tillsammans med närmaste chef.

**Sista arbetsdag:** ________ **Namn:** ________

## Konton
- [ ] Inaktivera konto i Entra ID (Azure AD) kl. 17:00 sista dagen
- [ ] Återkalla MFA-metoder och appinloggningar
- [ ] Ta bort från Teams-grupper och delade postlådor
- [ ] Återkalla API-nycklar som personen skapat i Fortnox och i vår interna portal
- [ ] Byt lösenord på delade konton som personen kände till (t.ex. företagets Instagram)

## Data
- [ ] OneDrive-filer flyttas till chefen (sparas 30 dagar, sedan raderas kontot)
- [ ] Autosvar i e-posten: "Jag har slutat, kontakta info@…"

## Utrustning
- [ ] Dator återlämnad → radera (BitLocker + återställning), ominstallera
- [ ] Mobil återlämnad → fabriksåterställning via Intune
- [ ] Passerkort spärrat

**Klart signerat av:** __________
""")

add("offboarding checklist (Turkish)", "tr", r"""
---
başlık: İşten ayrılış kontrol listesi
departman: Bilgi İşlem
---
# Ayrılan çalışan için BT adımları

**Çalışan:** ______ **Son gün:** ______

## Hesaplar
- [ ] Active Directory hesabını devre dışı bırak (son gün 18:00)
- [ ] E-posta: 60 gün sakla, yöneticiye yönlendirme kur
- [ ] VPN sertifikasını iptal et
- [ ] GitLab: erişim jetonlarını (access token) iptal et, projelerden çıkar
- [ ] Ortak hesapların şifrelerini değiştir (örn. kargo firması paneli)
- [ ] ERP kullanıcısını kilitle, silme — denetim kayıtları için 10 yıl saklanmalı

## Cihazlar
- [ ] Dizüstü bilgisayarı teslim al → diski güvenli sil, yeniden kur
- [ ] Şirket telefonu → fabrika ayarlarına döndür, MDM'den çıkar
- [ ] Giriş kartını iptal et

## Notlar
- KVKK gereği kişisel dosyalar çalışana iade edilir, kopyası tutulmaz.
- Yönetici onayı olmadan hesap silinmez.
""")

add("wiping an old laptop before selling it", "en", r"""
# Selling the old ThinkPad X1 (2019) — wipe checklist

Buyer: someone from the local marketplace group, collecting Saturday. Price agreed £280.

## Before wiping
- [x] Copy ~/Documents, ~/Pictures and the `projects` folder to the NAS (checked file counts)
- [x] Export browser bookmarks; Firefox sync is on anyway
- [x] Sign out of: Firefox account, Spotify, Dropbox, 1Password, Steam
- [x] Deauthorise the laptop in Microsoft account → Devices
- [x] Remove it from "Find my device"
- [x] Remove its SSH key from GitHub and the NAS `authorized_keys`

## Wipe
Disk is an NVMe SSD with BitLocker on, so:
1. Boot into the Lenovo BIOS → Security → "Secure Wipe" (NVMe format with crypto erase).
2. Alternatively from a live USB:
   ```bash
   sudo nvme format /dev/nvme0n1 --ses=1
   ```
   (`--ses=1` = user data erase; `2` = crypto erase if supported)
3. Reinstall Windows 11 from the USB stick so the buyer gets a clean, working machine. Skip the Microsoft account at setup (buyer does that).

## After
- [ ] Remove from the Apple/Google/Microsoft device lists if anything reappears
- [ ] Note the serial number in this page in case of any dispute
- Serial: PF-2XXXXX (full number on the receipt folder)
""")

add("wiping a laptop before selling (Spanish)", "es", r"""
---
título: Borrar el portátil antes de venderlo (MacBook Air 2020)
---
# Pasos

Se lo vendo a mi primo Dani, pero igualmente lo dejo como nuevo.

1. **Copia de seguridad**: Time Machine al disco externo + comprobar que Fotos de iCloud está sincronizado.
2. **Cerrar sesiones**:
   - Mensajes y FaceTime → cerrar sesión
   - iCloud → cerrar sesión (esto desactiva "Buscar mi Mac")
   - Música/TV → Cuenta → Autorizaciones → Desautorizar este ordenador
3. **Quitar Bluetooth**: desvincular teclado y AirPods para que no se conecten al Mac de Dani.
4. **Borrar**: Ajustes del sistema → General → Transferir o restablecer → **Borrar contenidos y ajustes**. En Macs con Apple Silicon esto borra las claves de cifrado, es rápido.
5. Al reiniciar, dejarlo en la pantalla de bienvenida, sin crear usuario.

## Después
- En appleid.apple.com → Dispositivos: eliminar el MacBook de la lista.
- Guardar la factura original para dársela a Dani (garantía, por si acaso).
""")

add("wiping a laptop before selling (Ukrainian)", "uk", r"""
# Продаж старого ноутбука — що зробити перед тим

Ноутбук: Asus VivoBook, Windows 10. Покупець з OLX, зустріч у суботу біля метро.

## Збереження
- [x] Фото та документи — на зовнішній диск і в Google Drive
- [x] Закладки та паролі — вже в Bitwarden, перевірила
- [x] Ключі від Дії та банківських застосунків на ноутбуці не зберігались

## Вийти з акаунтів
- [x] Google (Chrome), Microsoft, Telegram Desktop, Viber
- [x] Steam — «Видалити цей пристрій»
- [x] Зняти ноутбук з переліку пристроїв у Microsoft-акаунті

## Стирання
1. Параметри → Оновлення та безпека → Відновлення → «Повернути комп'ютер у початковий стан».
2. Обрати **«Видалити все»** і **«Очистити диск»** (довше, але дані не відновити).
3. Після перевстановлення не входити у свій акаунт — залишити на екрані початкового налаштування.

Займе 2–3 години, почати в п'ятницю ввечері.
""")

add("password-manager migration notes", "en", r"""
---
title: Moving from LastPass to Bitwarden
status: done (2024-02-11)
---
# Migration notes

## Why
After the 2022 breach I decided to move. Bitwarden family plan, $40/year, shared vault with Sam.

## Steps I followed
1. LastPass → Advanced options → Export → CSV. **Did this on my own laptop, offline wifi, and deleted the CSV right after.**
2. Bitwarden web vault → Tools → Import data → "LastPass (csv)".
3. Checked counts: 412 items in LastPass, 412 in Bitwarden. Secure notes came across as notes; attachments did NOT (re-uploaded the 6 manually).
4. Shredded the export:
   ```bash
   rm -P ~/Downloads/lastpass_export.csv   # macOS; then emptied Trash
   ```
5. Turned on 2FA for Bitwarden (YubiKey + TOTP backup). Recovery code printed, in the fire safe.
6. Deleted the LastPass account after 2 weeks of using Bitwarden with no issues.

## Afterwards — rotate the important ones
Because the old vault might have been in the stolen backups:
- [x] Email (Fastmail) — new password + checked app passwords
- [x] Bank, credit card
- [x] Apple ID, Google
- [x] Domain registrar
- [ ] Old forum accounts — low priority, doing them as I log in

Master password: a 6-word diceware passphrase. Not written down anywhere except the sealed envelope for Sam in the safe.
""")
