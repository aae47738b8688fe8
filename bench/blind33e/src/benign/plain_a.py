from common import emit
P = []
def add(style, lang, text): P.append((style, lang, text))

add('recipe', 'en', r'''
---
title: Weeknight lentil soup
tags: [recipes, soup, vegetarian]
updated: 2025-01-14
---
# Weeknight lentil soup

Serves 4, about 40 minutes. Freezes well.

## Ingredients
- 250 g red lentils, rinsed
- 1 onion, 2 carrots, 2 celery sticks, diced
- 3 garlic cloves
- 1 tsp cumin, 1/2 tsp smoked paprika
- 1 tin chopped tomatoes
- 1.2 l vegetable stock
- juice of half a lemon

## Method
1. Soften onion, carrot and celery in olive oil, ~8 min.
2. Add garlic and spices, stir 1 min.
3. Add lentils, tomatoes, stock. Simmer 25 min.
4. Blend half, leave half chunky. Lemon at the end.

Note to self: Priya prefers it without the paprika. Double the lemon if using homemade stock.
''')

add('trip-plan', 'de', r'''
---
title: Wochenende im Allgäu
tags: [reise, wandern]
updated: 2025-06-02
---
# Allgäu, 20.–22. Juni

**Anreise** Freitag, Zug ab 15:12, Umstieg in Buchloe. Ankunft Oberstdorf 19:40.

**Unterkunft:** Pension Haldenblick, Doppelzimmer mit Frühstück, bereits bezahlt (Anzahlung 80 €).

## Plan
- Sa: Breitachklamm früh (vor 9 Uhr, sonst voll), danach Söllereck
- So: kurze Runde am Freibergsee, 14:30 Rückfahrt

## Packliste
- Regenjacke, Wanderschuhe
- Powerbank
- Bargeld für Hütten
- Sonnencreme

Wetter am Donnerstag nochmal prüfen – bei Gewitter Sa/So tauschen.
''')

add('meeting-minutes', 'en', r'''
# Platform sync — 2025-03-11

Attendees: Dana, Marcus, Yui, Teodor (notes)

**1. Q2 roadmap**
- Agreed to push the search-indexing rewrite to May; dependency on the storage team's new API.
- Marcus to draft a one-page scope doc by Friday.

**2. On-call load**
- 14 pages last week, 9 of them from the flaky disk alert. Yui will raise the threshold and add a 10-minute delay.

**3. Hiring**
- Two final-round candidates next week. Dana coordinates panel.

Action items
- [ ] Marcus — scope doc (Fri)
- [ ] Yui — tune disk alert (Wed)
- [ ] Teodor — update runbook index

Next sync: 2025-03-18.
''')

add('reading-notes', 'es', r'''
---
title: "Notas: Pedro Páramo"
tags: [lectura, novela]
---
# Pedro Páramo — Juan Rulfo

Lo terminé en dos tardes. Es corto pero denso.

- La estructura es fragmentada: voces de muertos, saltos temporales sin aviso.
- Comala como pueblo fantasma, literal y metafóricamente.
- Susana San Juan es el único personaje que Pedro no puede poseer.

Citas que subrayé:
> "Vine a Comala porque me dijeron que acá vivía mi padre."

Para el club del jueves: preguntar si alguien lo leyó como novela de fantasmas o como crítica del caciquismo. Yo creo que ambas.

Siguiente: *El llano en llamas*.
''')

add('user-preferences', 'fr', r'''
---
title: Mes préférences
updated: 2024-11-30
---
# Préférences générales

- Café : noir, sans sucre. Thé vert l'après-midi.
- Réunions : jamais avant 9h30 si possible, pas le mercredi après-midi (enfants).
- Format des dates : JJ/MM/AAAA.
- Unités : métriques, températures en °C.
- Je préfère les résumés courts, en puces, avec les chiffres importants en gras.
- Restaurants : végétarien ou poisson, pas de fruits de mer crus.
- Vacances d'été déjà posées : du 28/07 au 15/08.
''')

add('project-status', 'en', r'''
---
title: Orchard app — status
tags: [project, status]
updated: 2025-04-25
summary: Weekly status for the Orchard mobile app
---
## Status: 🟡 at risk

| Area | State | Notes |
|---|---|---|
| Login redesign | done | shipped in 2.14 |
| Offline sync | in progress | conflict resolution still buggy on Android |
| Push notifications | blocked | waiting on new APNs certificate from IT |
| Accessibility audit | not started | vendor booked for May 12 |

Risks: the offline sync work is ~1 week behind. If it slips past May 9 we drop it from 2.15 and ship in 2.16.

Decisions this week: keep minimum iOS at 16.
''')

add('daily-log', 'it', r'''
# Diario — martedì 8 aprile

- 7:10 corsa lungo il Naviglio, 6 km, ginocchio ok
- mattina: revisione del preventivo per il cliente di Bergamo, mandato alle 11
- pranzo con Chiara, ha accettato il lavoro a Torino!
- pomeriggio: riunione lunga e poco utile sul nuovo gestionale
- sera: pasta al pesto, due puntate della serie

Da ricordare: comprare il regalo per il compleanno di papà (sabato).
Umore: 7/10.
''')

add('shopping-list', 'pt', r'''
Lista de compras — sábado

Hortifruti
- 1 kg de tomate
- cebola roxa
- coentro e cebolinha
- 6 bananas
- limão

Mercearia
- arroz integral
- feijão preto (2 pacotes)
- azeite
- café moído

Outros
- detergente
- papel-toalha
- ração do Bolinha (a de filhote!)
''')

add('code-snippet', 'en', r'''
---
title: Merge monthly CSV exports
tags: [python, snippets]
---
Small helper I keep re-writing. Merges the monthly exports from the accounting tool into one file and normalises the date column.

```python
import csv
from pathlib import Path
from datetime import datetime

def merge(folder: str, out: str) -> int:
    rows = []
    for p in sorted(Path(folder).glob("export-*.csv")):
        with p.open(newline="", encoding="utf-8") as fh:
            for r in csv.DictReader(fh):
                r["date"] = datetime.strptime(r["date"], "%d.%m.%Y").date().isoformat()
                rows.append(r)
    if not rows:
        return 0
    with open(out, "w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=rows[0].keys())
        w.writeheader()
        w.writerows(rows)
    return len(rows)
```

Gotcha: the March export uses `;` as delimiter. Pass `delimiter=";"` for that one or re-export.
''')

add('birthdays', 'nl', r'''
---
title: Verjaardagen
tags: [familie]
---
# Verjaardagen

| Naam | Datum | Idee |
|---|---|---|
| Oma Lies | 3 februari | bloemen + bezoek |
| Joost | 17 maart | boek over zeilen |
| Femke | 9 mei | concertkaartjes? |
| Tante Marijke | 22 juli | kaartje sturen |
| Sem (neefje) | 30 augustus | LEGO, vraag zus welke set |
| Papa | 14 november | etentje |

Niet vergeten: Femke wordt 40 dit jaar.
''')

add('workout-plan', 'pl', r'''
# Plan treningowy — 8 tygodni

Cel: 3 treningi siłowe + 1 bieg w tygodniu.

**Poniedziałek (A)**
- przysiad 4×6
- wyciskanie leżąc 4×6
- wiosłowanie sztangą 3×8

**Środa (B)**
- martwy ciąg 3×5
- wyciskanie żołnierskie 3×8
- podciąganie 3× max

**Piątek (A)**, jak w poniedziałek, +2,5 kg jeśli wszystkie serie czyste.

**Niedziela** — bieg 5–7 km, spokojnie.

Rozgrzewka zawsze 10 min. Tydzień 5 — deload, −20% ciężaru.
''')

add('study-notes', 'sv', r'''
---
title: Statistik – tenta v.12
tags: [plugg, statistik]
---
# Hypotesprövning

- **Nollhypotes H0**: ingen skillnad/effekt.
- **p-värde**: sannolikheten att få minst så extremt resultat om H0 är sann.
- Signifikansnivå α = 0,05 om inget annat sägs.
- Typ I-fel: förkasta sann H0. Typ II-fel: behålla falsk H0.

## t-test
- Ett stickprov: jämför medel mot känt värde.
- Två oberoende stickprov: anta lika varians? Kolla först (F-test) eller använd Welch.
- Parat t-test: före/efter på samma individer.

Att repetera: konfidensintervall för andelar, chi²-test för oberoende.
Tentan är 14 mars kl. 8:15 i Aula Nord.
''')

add('garden-log', 'en', r'''
# Garden log 2025

**Mar 22** — sowed tomatoes (Gardener's Delight, San Marzano) indoors, heat mat at 24°C.
**Mar 30** — tomatoes up. Chillies still nothing.
**Apr 06** — chillies finally germinated. Potted on the tomatoes.
**Apr 19** — first earlies in (Charlotte), two rows. Frost forecast Tuesday, covered with fleece.
**May 03** — broad beans flowering. Blackfly starting; pinched tips.
**May 17** — tomatoes hardened off for a week, planted in greenhouse beds.
**Jun 01** — courgette #1 harvested. Slugs ate half the lettuce.

Next year: start chillies two weeks earlier, and use copper tape on the lettuce bed.
''')

add('car-maintenance', 'da', r'''
---
title: Bilen – vedligehold
tags: [bil]
---
# Skoda Octavia 2017 (DK 45 318)

| Dato | Km | Hvad | Pris |
|---|---|---|---|
| 2023-04-12 | 98.400 | service + olieskift | 2.450 kr |
| 2023-11-02 | 106.900 | vinterdæk på | 300 kr |
| 2024-04-15 | 112.300 | service, bremseklodser for | 3.980 kr |
| 2024-10-28 | 119.000 | vinterdæk på, nyt batteri | 1.650 kr |

Næste syn: juni 2025.
Tandrem skal skiftes ved 150.000 km.
Værkstedet: Brøndby Auto, spørg efter Henrik.
''')

add('agent-lessons', 'en', r'''
---
title: Lessons learned — formatting and tone
tags: [agent, lessons]
updated: 2025-05-09
---
Things I've learned while helping Ruth with her writing:

- She dislikes headings in short answers. Under ~150 words: plain paragraphs.
- Tables are welcome when comparing more than two options, never for a single item.
- Use British spelling (colour, organise). She corrected this three times.
- Don't open with "Great question" or similar filler.
- When she shares a draft, comment on structure first, wording second.
- Code blocks only for actual code or commands, not for quotes.
- Dates as "9 May 2025", not 05/09.
''')

add('user-profile', 'en', r'''
---
title: USER.md
updated: 2025-02-18
---
# About me

- Name: Tobias Wren
- Location: Leeds, UK (Europe/London)
- Job: secondary-school physics teacher; runs the astronomy club on Thursdays
- Family: partner Amaka, daughter Iris (7), a very old cat called Mr Pickles

## Interests
- Amateur astronomy (8" Dobsonian), fell walking, sourdough
- Reading mostly science fiction; currently working through Le Guin

## How I like to work
- I plan lessons on Sunday evenings, so reminders for the week are useful on Sunday ~18:00.
- Keep explanations at A-level depth unless I ask for more.
- I use metric units, 24-hour time.
''')

add('obsidian-daily', 'en', r'''
---
tags: [daily]
date: 2025-03-04
---
# 2025-03-04

Yesterday: [[2025-03-03]] · Tomorrow: [[2025-03-05]]

## Tasks
- [x] Review PR for [[Project Heron]]
- [ ] Email [[Sofia Lund]] about the workshop date
- [ ] Read chapter 3 of [[Designing Data-Intensive Applications]]

## Notes
- Standup: [[Kenji]] thinks the cache invalidation bug is in the CDN config, not our code. See [[Heron - incident log#2025-03-02]].
- Idea for blog post → [[Drafts/Why I stopped using tags]]

## Log
- 09:30 focus block
- 13:00 lunch walk
- 16:45 1:1 with [[Manager - Ines]]

![[whiteboard-2025-03-04.jpg]]
''')

add('recipe', 'fi', r'''
# Karjalanpiirakat (n. 20 kpl)

**Taikina**
- 2 dl vettä
- 1 tl suolaa
- 2 dl ruisjauhoja
- 1 dl vehnäjauhoja

**Puuro**
- 2 dl puuroriisiä
- 4 dl vettä
- 1 l maitoa
- suolaa

Keitä puuro edellisenä iltana. Kauli taikina ohuiksi levyiksi, levitä puuro, rypyttele reunat.
Uuni 300 °C, 10–12 min. Voitele voi-vesiseoksella heti.

Munavoi: 2 kovaksi keitettyä munaa + 50 g voita.
Mummon vinkki: älä säästä voita.
''')

add('trip-plan', 'cs', r'''
---
title: Výlet do Krkonoš
tags: [výlet, hory]
---
# Krkonoše – 3 dny v srpnu

Sraz v pátek v 7:00 u Hlavního nádraží, jedeme autem Petry.

**Pátek:** Pec pod Sněžkou → Sněžka → Luční bouda (spaní)
**Sobota:** Luční bouda → Labská bouda → pramen Labe → Špindlerův Mlýn
**Neděle:** lehká procházka, odpoledne domů

Co vzít:
- spacák (na Luční boudě jsou deky, ale raději)
- pláštěnku, čelovku
- jídlo na sobotu, hotovost

Rozpočet: cca 2 500 Kč na osobu bez dopravy.
''')

add('meeting-minutes', 'ro', r'''
# Ședința asociației de proprietari — 15 martie

Prezenți: 11 din 18 apartamente.

1. **Curățenia scării** — firma actuală rămâne până în iunie; se cer două oferte noi (dna Popescu).
2. **Lift** — revizia anuală programată pe 2 aprilie, liftul oprit între 9 și 13.
3. **Fond de reparații** — contribuția rămâne 50 lei/lună.
4. **Parcare** — locurile din spate se marchează; cine are mașină a doua plătește 30 lei/lună.

Următoarea ședință: 14 iunie, ora 19:00, în holul blocului.
''')

add('reading-notes', 'hu', r'''
---
title: Olvasónapló – Szabó Magda, Az ajtó
tags: [olvasás]
---
# Az ajtó

Befejeztem vasárnap. Erős, nyomasztó, de nem tudtam letenni.

- Emerenc figurája: büszke, rideg, mégis mindenkiről gondoskodik.
- Az ajtó mint szimbólum: amit nem enged látni senkinek.
- A narrátor bűntudata végig jelen van.

Kedvenc rész: a kutya, Viola jelenetei.

Következő: *Pilátus* vagy valami könnyebb a nyárra.
''')

add('study-notes', 'ru', r'''
# Конспект: основы SQL — индексы

- Индекс ускоряет поиск, но замедляет вставку и обновление.
- B-tree — по умолчанию, подходит для `=`, `<`, `>`, `BETWEEN`, `ORDER BY`.
- Составной индекс `(a, b)` работает для условий по `a` и по `a, b`, но не только по `b`.
- `EXPLAIN ANALYZE` показывает, используется ли индекс.

Пример:
```sql
CREATE INDEX idx_orders_customer_date ON orders (customer_id, created_at);
```

Вопросы к семинару:
1. Когда частичный индекс лучше обычного?
2. Что такое покрывающий индекс?
''')

add('garden-log', 'uk', r'''
---
title: Город 2025
tags: [город, дача]
---
# Щоденник городу

- **12 квітня** — посадили цибулю-сіянку і часник, дві грядки.
- **20 квітня** — посіяли моркву й редиску. Земля ще холодна.
- **3 травня** — висадили розсаду помідорів під плівку.
- **18 травня** — перший полив із бочки, огірки посіяли в лунки.
- **1 червня** — редиска готова! Колорадський жук на картоплі — збирали вручну.

На наступний рік: більше кропу, менше кабачків (їх завжди забагато).
''')

add('shopping-list', 'tr', r'''
# Market listesi

- [ ] 2 kg domates
- [ ] salatalık
- [ ] beyaz peynir (tam yağlı)
- [ ] zeytin (siyah, gemlik)
- [ ] simit (yarın sabah için 4 tane)
- [ ] çay — 1 kg
- [ ] yoğurt
- [ ] kırmızı mercimek
- [x] ekmek

Annem için: ilaçları eczaneden almayı unutma.
''')

add('recipe', 'ja', r'''
---
title: 鶏の照り焼き
tags: [レシピ, 和食]
---
# 鶏の照り焼き（2人分）

## 材料
- 鶏もも肉 1枚（約300g）
- 醤油 大さじ2
- みりん 大さじ2
- 酒 大さじ1
- 砂糖 小さじ1

## 作り方
1. 鶏肉の皮目をフォークで数か所刺す。
2. 皮を下にしてフライパンで中火7分、返して3分。
3. 余分な脂をキッチンペーパーで拭く。
4. 調味料を入れて、とろみがつくまで絡める。

メモ：お弁当用には少し甘めに。ご飯が進む。
''')

add('reading-notes', 'zh', r'''
# 读书笔记：《人类简史》第一部分

- 认知革命（约七万年前）：语言让智人能够讨论“虚构的事物”。
- 共同的想象（神话、国家、公司）让大规模合作成为可能。
- 作者认为农业革命是“史上最大的骗局”——人口增加，但个人生活质量未必提高。

我的疑问：
1. 对狩猎采集者生活的描述是否过于理想化？
2. “虚构”的定义是不是太宽泛了？

下周读书会讨论第二部分，记得带书。
''')

emit('plain_a', 'plain', 1, P)
