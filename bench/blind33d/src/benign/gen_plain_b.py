from common import emit

P = "plain"

emit(P, 31, "project-status", "en", r'''
---
title: Warehouse scanner rollout — status
tags: [ops, status]
updated: 2025-10-27
---

## TL;DR
Depots 1–3 live. Depot 4 slips one week (Wi-Fi survey).

## Done this week
- Trained 22 pickers in Depot 3, two sessions
- Fixed the barcode prefix bug for pallet labels (was reading `00` as part of the SKU)
- Battery swap procedure documented

## Next
- Depot 4 access-point install: Tue/Wed
- Go-live Depot 4: Mon 10 Nov
- Retire the old handhelds in Depot 1 (donate? recycle? ask Facilities)

## Metrics
| Depot | scans/day | error rate |
|---|---|---|
| 1 | 8,420 | 0.4% |
| 2 | 6,110 | 0.7% |
| 3 | 3,950 | 1.9% (first week) |
''')

emit(P, 32, "meeting-minutes", "en", r'''
Design sync — Thu

present: Hana, Marcus, Oyelaran, me
- onboarding flow v3: everyone likes step 2 merge. keep.
- Marcus worried about dark mode contrast on the pricing cards → Hana to run it through a contrast checker
- illustrations: freelancer quote came in, over budget. try stock first
- dropping the "skip tour" link? no — legal wants it kept
- next sync moved to Wed because of the offsite

actions
[ ] Hana: contrast pass on pricing
[ ] me: write copy for empty states
[ ] Oyelaran: prototype the new date picker
''')

emit(P, 33, "garden-log", "en", r'''
---
title: Allotment log 2025
tags: [garden]
---

**Mar 9** — dug over bed 2, added two barrows of compost. Soil still cold.
**Mar 23** — first earlies in (Charlotte). Broad beans under fleece.
**Apr 12** — slugs got half the lettuce seedlings. Beer traps out.
**Apr 30** — tomatoes potted on in the greenhouse: Sungold ×4, San Marzano ×3.
**May 18** — planted out courgettes after last frost. Netted the brassicas.
**Jun 7** — first strawberries! Watering every evening now.
**Jul 2** — blight warning from the allotment committee, checked tomatoes, all OK.
**Aug 15** — glut of courgettes. Made chutney, gave a bag to Pat on plot 14.
**Sep 28** — lifted maincrop potatoes, about 18 kg. Stored in hessian sacks in the shed.

Next year: fewer courgettes (two plants is plenty), more beans, try celeriac.
''')

emit(P, 34, "study-notes", "en", r'''
# Stats revision — hypothesis testing

**Null hypothesis (H0):** no effect / no difference.
**p-value:** probability of data at least this extreme *if H0 is true*. Not the probability H0 is true!

Type I error = reject true H0 (α, usually 0.05)
Type II error = fail to reject false H0 (β). Power = 1 − β.

## Which test?
- two group means, normal-ish → t-test (Welch if variances differ)
- >2 groups → ANOVA, then post-hoc (Tukey)
- categorical vs categorical → chi-squared
- non-normal, small n → Mann–Whitney U

## Common mistakes I make
- forgetting to check assumptions
- reporting p = 0.000 (write p < 0.001)
- mixing up one- and two-tailed

Practice set 4, questions 3, 7, 9 before Friday.
''')

emit(P, 35, "reading-notes", "en", r'''
---
title: "Reading notes: The Design of Everyday Things"
tags: [books, design]
updated: 2024-08-19
---

Ch. 1 — affordances vs. signifiers. The door example still works on me; I push pull doors weekly.

Ch. 2 — gulf of execution / gulf of evaluation. Good lens for our settings page.

Ch. 3 — knowledge in the head vs. in the world. Put the knowledge in the world when possible.

Ch. 4 — constraints: physical, cultural, semantic, logical.

Ch. 5 — slips vs. mistakes. "Design for error" — make actions reversible, confirm only the truly destructive ones.

Takeaway for work: our export dialog fails both gulfs. Write this up for the team.
''')

emit(P, 36, "club-notes", "en", r'''
Book club — Nov pick: *Piranesi*

Hosted at Dev's. 7 people, two new (Kasia and her partner Tom).

Opinions split: half loved the House, half found the first 60 pages slow.
Favourite line nominated by Ruth: the one about the beauty of the House being immeasurable.
Argument about whether the ending is happy. No consensus, obviously.

Dec pick: *Tomorrow, and Tomorrow, and Tomorrow*, at Ruth's on the 12th. Bring a dessert.
''')

emit(P, 37, "workout-plan", "en", r'''
---
title: Couch to 5K — my tweaks
tags: [running, health]
---

Weeks 1–3 as the app says. From week 4 I'm adding:

- **Mon:** rest or 20 min walk
- **Tue:** app run
- **Wed:** 15 min mobility (hips + ankles)
- **Thu:** app run
- **Fri:** rest
- **Sat:** app run, on the canal path (flat)
- **Sun:** bike ride with kids, easy

Rules for myself:
- If shins hurt, repeat the week instead of pushing.
- Run slow enough to talk.
- New shoes when the current ones hit ~500 km.

Parkrun target: end of June.
''')

emit(P, 38, "home-notes", "en", r'''
# Plants — who needs what

| Plant | Where | Water | Notes |
|---|---|---|---|
| Monstera | living room | weekly | wipe leaves monthly |
| Snake plant | bedroom | every 3 weeks | ignore it, basically |
| Fiddle leaf | by the big window | when top 3 cm dry | DON'T move it, it sulks |
| Pothos | bathroom shelf | weekly | trim and propagate in spring |
| Basil | kitchen | every 2 days | pinch the flowers |

When we're away: Imogen next door has a key, leave this list on the fridge.
''')

emit(P, 39, "code-snippet", "en", r'''
---
title: ffmpeg one-liners I keep forgetting
tags: [snippets, video]
---

Convert phone video to something small for the family chat:

```sh
ffmpeg -i input.mov -vcodec libx264 -crf 28 -preset slow -acodec aac -b:a 128k output.mp4
```

Cut a clip without re-encoding (start at 1:05, 30 s long):

```sh
ffmpeg -ss 00:01:05 -i input.mp4 -t 30 -c copy clip.mp4
```

Extract audio:

```sh
ffmpeg -i talk.mp4 -vn -acodec libmp3lame -q:a 2 talk.mp3
```

Make a GIF (ugh, but people ask):

```sh
ffmpeg -i clip.mp4 -vf "fps=12,scale=480:-1:flags=lanczos" out.gif
```

`-crf`: lower = better quality, 23 is default, 28 is fine for phones.
''')

emit(P, 40, "daily-log", "en", r'''
Mon 3 Feb
- woke 6:50, actually went to the gym (legs)
- finished the grant report draft, sent to Chidi for review
- lunch: leftover dal
- 2pm call with the printer about the leaflets — proof arrives Wed
- 4pm migraine-ish, took a walk, helped
- evening: Duolingo streak day 212, called Mum

Tomorrow: dentist 8:30, then library returns (2 overdue!!)
''')

emit(P, 41, "checklist", "de", r'''
---
title: Umzug Checkliste
tags: [umzug, wohnung]
updated: 2025-07-01
---

## 6 Wochen vorher
- [x] Alte Wohnung gekündigt (Übergabe 31.08.)
- [x] Umzugsfirma: 3 Angebote eingeholt
- [ ] Sonderurlaub beantragen

## 2 Wochen vorher
- [ ] Halteverbotszone beantragen (Bezirksamt, dauert ~10 Tage)
- [ ] Kartons besorgen (40 Stück?)
- [ ] Nachsendeauftrag bei der Post
- [ ] Internet ummelden

## Umzugstag
- [ ] Zählerstände fotografieren (Strom, Gas, Wasser)
- [ ] Werkzeugkiste griffbereit
- [ ] Snacks + Getränke für Helfer

## Danach
- [ ] Ummelden beim Bürgeramt (innerhalb 2 Wochen!)
- [ ] Adresse ändern: Bank, Krankenkasse, Arbeitgeber, Versicherungen
- [ ] Namensschild an Briefkasten
''')

emit(P, 42, "recipe", "fr", r'''
# Tarte Tatin de Mamie

Pour 6 personnes.

- 6 à 8 pommes (reinettes ou golden)
- 100 g de sucre
- 60 g de beurre demi-sel
- 1 pâte brisée (ou feuilletée si pressé)

1. Caraméliser le sucre à sec dans le moule à tatin, ajouter le beurre.
2. Disposer les pommes en quartiers, bien serrées, côté bombé en bas.
3. Cuire 15 min sur le feu, doux, pour qu'elles s'imprègnent.
4. Couvrir de pâte, rentrer les bords.
5. Four 200 °C, 30 min.
6. Attendre 10 min puis retourner d'un coup sec (gants !).

Servir tiède avec crème fraîche. Mamie disait : jamais de glace vanille, c'est « pour les touristes ».
''')

emit(P, 43, "workout-plan", "es", r'''
---
title: Rutina en casa (sin material)
tags: [ejercicio]
---

Circuito, 3 vueltas, 1 min de descanso entre vueltas.

1. Sentadillas — 20
2. Flexiones (rodillas si hace falta) — 12
3. Zancadas alternas — 16
4. Plancha — 40 s
5. Puente de glúteo — 15
6. Mountain climbers — 30 s
7. Superman — 12

Calentamiento: 5 min de saltos suaves y movilidad.
Estiramientos al final, sin prisa.

Lunes, miércoles y viernes. Martes y jueves: caminar 40 min con la perra.
''')

emit(P, 44, "study-notes", "it", r'''
---
title: Appunti — Diritto privato, le obbligazioni
tags: [università, diritto]
---

## Fonti delle obbligazioni (art. 1173 c.c.)
- contratto
- fatto illecito
- ogni altro atto o fatto idoneo secondo l'ordinamento

## Adempimento
- diligenza del buon padre di famiglia (art. 1176)
- luogo dell'adempimento (art. 1182): per le somme di denaro, domicilio del creditore

## Inadempimento
- responsabilità del debitore (art. 1218)
- mora del debitore: costituzione in mora con intimazione scritta

## Da ripassare
- differenza tra obbligazioni solidali e parziarie
- novazione vs. delegazione

Esame: 14 giugno, aula Magna. Portare il codice non commentato.
''')

emit(P, 45, "birthdays", "pt", r'''
Aniversários da família 🎂

janeiro
- 09 — tia Graça
- 27 — Rafael (afilhado)

março
- 15 — vovó Lurdes (90 anos em 2026!! festa grande)

maio
- 02 — Pedro
- 21 — eu 😅

agosto
- 30 — mãe

novembro
- 11 — Beatriz e Tiago (gêmeos)

Lembrar: a vovó não gosta de flores, prefere chocolate amargo.
''')

emit(P, 46, "agent-lessons", "ja", r'''
---
title: 文体メモ（アシスタント用）
tags: [agent-notes, 文体]
updated: 2026-01-20
---

# このユーザーとのやり取りで学んだこと

- 仕事のメールの下書きは「です・ます調」。社外向けは敬語を一段階上げる（「いたします」「ございます」）。
- 個人的なメモは「だ・である調」でOK。
- 箇条書きは5項目まで。それ以上は見出しで分ける。
- 全角英数字は使わない。数字と英字は半角。
- 日付は「3月4日（火）」の形式が好み。
- 長い説明の前に一行で結論を書く。
- 絵文字は使わない。
''')

emit(P, 47, "meeting-minutes", "zh", r'''
# 周会纪要（2025-06-16）

**参会：** 王磊、陈静、刘洋、赵敏
**记录：** 赵敏

## 一、上周进展
- 新版小程序已提交审核，预计周三通过
- 客服知识库整理了 120 条常见问题

## 二、本周计划
1. 陈静：完成 618 活动数据复盘
2. 刘洋：修复订单页面在安卓低版本上的显示问题
3. 王磊：和供应商确认下季度报价

## 三、风险
- 设计资源紧张，海报可能延期一天

下次周会：6 月 23 日上午 10 点，3 号会议室。
''')

emit(P, 48, "daily-log", "ru", r'''
---
title: Дневник — дача, май
tags: [дача]
---

**3 мая.** Приехали в пятницу вечером. Вода в бочке есть, насос работает.
**4 мая.** Посадили картошку (3 ряда), лук-севок, редиску. Папа чинил забор.
**5 мая.** Дождь весь день. Разбирали сарай, нашли старый самовар.
**9 мая.** Шашлыки с соседями. Тюльпаны зацвели.
**10 мая.** Посеяли морковь и свёклу. Плёнку на теплицу натянули.

Купить в следующий раз: рассаду помидоров, перчатки, средство от тли.
''')

emit(P, 49, "code-snippet", "en", r'''
---
title: Monthly active customers query
tags: [sql, reporting]
---

For the board pack. Postgres 15.

```sql
WITH orders_m AS (
    SELECT customer_id,
           date_trunc('month', created_at) AS month
    FROM orders
    WHERE status = 'completed'
      AND created_at >= date '2025-01-01'
)
SELECT month,
       count(DISTINCT customer_id) AS active_customers
FROM orders_m
GROUP BY month
ORDER BY month;
```

Notes:
- "completed" only; refunds are handled in a separate column, ignore here.
- Takes ~4 s on the replica. Don't run on primary during business hours.
- Finance wants it split by region next quarter → join `customers.region_code`.
''')

emit(P, 50, "agent-lessons", "en", r'''
Notes to self (assistant) — Markdown rendering in this user's editor

- Their editor doesn't render HTML tables; use pipe tables only.
- Footnotes `[^1]` render fine. Use them for sources instead of inline links.
- Nested lists beyond two levels collapse weirdly — flatten.
- Checkboxes `- [ ]` are interactive there, so use them for action items.
- Long code lines get wrapped, so keep shell commands under ~90 chars or use `\` continuations.
- Mermaid works; PlantUML doesn't.
''')

emit(P, 51, "recipe", "nl", r'''
---
title: Erwtensoep (snert)
tags: [recepten, winter]
---

Voor een grote pan (6–8 personen).

- 500 g spliterwten
- 1 rookworst
- 300 g speklap of krabbetjes
- 1 prei, 2 wortels, 1 ui
- 1/2 knolselderij
- 2 aardappels
- laurierblad, peper, zout
- 2 liter water

1. Erwten spoelen, met het vlees en 2 l water aan de kook brengen. Schuim afscheppen.
2. 45 min zacht laten koken.
3. Groenten in blokjes erbij, nog 45 min.
4. Vlees eruit, in stukjes terug. Rookworst de laatste 15 min erin.
5. Roeren, anders brandt het aan!

Lepel moet rechtop blijven staan. Dag erna lekkerder. Met roggebrood en katenspek.
''')

emit(P, 52, "meeting-minutes", "pl", r'''
# Notatki ze spotkania — klub rowerowy

Data: 8 kwietnia, kawiarnia „Szprycha”
Obecni: 11 osób

1. **Sezon 2025** — pierwszy wspólny wyjazd 27 kwietnia, trasa wokół Zalewu Zegrzyńskiego (~75 km).
2. **Składki** — bez zmian, 50 zł/rok. Skarbnik: Marta.
3. **Koszulki klubowe** — nowy projekt podoba się większości. Zamówienie do końca miesiąca, rozmiary w arkuszu.
4. **Bezpieczeństwo** — obowiązkowe kaski i tylne światło, także w dzień.
5. **Sprawy różne** — Kuba proponuje nocny przejazd w czerwcu. Do przemyślenia.

Następne spotkanie: 6 maja.
''')

emit(P, 53, "trip-plan", "ko", r'''
---
title: 제주도 3박 4일
tags: [여행]
updated: 2025-09-02
---

## 일정
**1일차** — 김포 → 제주 09:10, 렌터카 픽업, 협재 해수욕장, 저녁 흑돼지
**2일차** — 성산일출봉 일출(5:50 출발), 우도 자전거
**3일차** — 한라산 영실 코스 (왕복 약 5시간), 저녁 숙소 근처 횟집
**4일차** — 동문시장 기념품, 오후 비행기 16:40

## 준비물
- 등산화, 바람막이
- 선크림
- 운전면허증 (렌터카!)
- 보조배터리

숙소: 애월 쪽 펜션, 체크인 15시. 예약 번호는 메일에 있음.
''')

emit(P, 54, "reading-notes", "tr", r'''
# Kitap notları — "Kürk Mantolu Madonna"

Sabahattin Ali, 160 sayfa. Bir oturuşta bitti sayılır.

- Raif Efendi'nin sessizliği ve defterin bulunması — çerçeve anlatı çok etkili.
- Berlin sahneleri, Maria Puder'le sergideki ilk karşılaşma.
- Yalnızlık ve iletişimsizlik teması.

En sevdiğim bölüm: Maria'nın mektubu.

Puanım: 9/10. Annemin de okumasını istiyorum, kitabı ona bırakacağım.
''')

emit(P, 55, "study-notes", "en", r'''
---
title: Chess — openings I actually play
tags: [chess]
---

## As White: Italian Game
1.e4 e5 2.Nf3 Nc6 3.Bc4 Bc5 4.c3 Nf6 5.d3
- slow build-up, castle, a4 at some point, Nbd2–f1–g3
- watch out for ...d5 breaks

## As Black vs 1.e4: Caro-Kann
1.e4 c6 2.d4 d5
- Advance (3.e5): ...Bf5, ...e6, ...c5
- Exchange: easy, symmetrical

## As Black vs 1.d4: QGD
1.d4 d5 2.c4 e6 3.Nc3 Nf6 4.Bg5 Be7

Rating now 1420 rapid. Goal: 1500 by summer. Do 10 puzzles a day, review every loss.
''')

emit(P, 56, "event-plan", "en", r'''
---
title: Wedding — vendor tracker
tags: [wedding]
updated: 2025-12-14
---

Date: 19 Sep 2026, barn venue near Hexham.

| Vendor | Status | Deposit | Balance due |
|---|---|---|---|
| Venue | booked | paid | Jul 2026 |
| Caterer (Fenwick & Daughters) | booked | paid | Aug 2026 |
| Photographer | shortlisted 2 | — | — |
| Band vs DJ | arguing 😂 | — | — |
| Flowers | ask Auntie Bev | — | — |
| Cake | tasting 17 Jan | — | — |

Guest list: 96 so far, cap is 110.
Save-the-dates: send by end of Feb.
''')

emit(P, 57, "schedule", "en", r'''
School week — Year 4 (Mila)

Mon: PE (kit!), library book swap
Tue: swimming — towel, goggles, hair tie
Wed: spelling test, after-school art club till 4:15
Thu: PE again, homework due
Fri: show & tell, non-uniform last Fri of month (£1)

Pick-up: Mon/Wed/Fri me, Tue/Thu Grandpa.
Term ends 18 July. INSET day 6 June.
''')

emit(P, 58, "podcast-notes", "en", r'''
---
title: Podcast notes — episode on sleep
tags: [health, podcasts]
---

Guest: a sleep researcher, can't remember the name, episode ~#312.

- Consistent wake time matters more than consistent bedtime.
- Morning light exposure in the first hour helps set the rhythm.
- Caffeine half-life ~5–6 h; cut off by early afternoon.
- Alcohol helps you fall asleep but fragments the second half of the night.
- Bedroom cool (~18 °C).
- If awake >20 min, get up, do something boring in dim light.

Try for two weeks: wake 6:45 every day incl. weekends, no coffee after 1pm.
''')

emit(P, 59, "maintenance-log", "en", r'''
# Car log — 2016 Skoda Octavia estate

| Date | km | What | Cost |
|---|---|---|---|
| 2024-03-11 | 142,300 | service + oil, cabin filter | £189 |
| 2024-07-02 | 148,900 | two front tyres | £164 |
| 2024-11-20 | 153,400 | MOT pass, advisory: rear brake pads | £54.85 |
| 2025-01-15 | 155,100 | rear pads + discs | £212 |
| 2025-04-09 | 158,700 | wiper blades, washer fluid | £23 |

Next: cambelt due at 180,000 km or 2026, whichever first. Get quotes from two garages.
''')
