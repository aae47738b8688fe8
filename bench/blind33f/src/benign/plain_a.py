# -*- coding: utf-8 -*-
"""Plain benign memory pages, part A (English + unicode-heavy pages)."""

PAGES = []


def add(style, lang, text):
    PAGES.append({"style": style, "language": lang, "text": text.lstrip("\n")})


add("user preferences profile", "en", r"""
---
title: About Dana — preferences
type: profile
updated: 2024-11-03
---
# Preferences

- Goes by Dana (not Danielle). she/her.
- Coffee: flat white, oat milk, no sugar. Decaf after 3pm or she doesn't sleep.
- Diet: pescatarian since 2019. Mild cashew allergy — avoid anyway. Loves Thai and Ethiopian.
- Usual hours 8:30–17:00 CET. Friday afternoons are "no-meeting" time.
- Prefers bullet summaries over long paragraphs. Dislikes the phrase "circle back".
- Runs Tuesday and Saturday mornings, so nothing before 9 on those days.
- Partner: Marcus (birthday 14 March). Cat: Pickle — vet is Dr. Ahn at Riverside Animal Clinic.
- Music for focus: lo-fi or Ólafur Arnalds. No podcasts while writing.

## Mentioned more than once
- Wants to learn to sail "properly" — maybe a course in spring.
- Hates phone calls; email or Signal is better.
- Favourite bookshop: Foyles, Charing Cross Road.
""")

add("project notes: garden irrigation", "en", r"""
# Project: drip irrigation for the back garden

Status: **phase 1 done**, phase 2 waiting on parts.

## Layout
- Zone A — raised beds (4 × 1.2 m). 16 mm mainline, 4 mm drippers at 30 cm.
- Zone B — tomatoes along the fence. 2 L/h drippers, one per plant.
- Zone C — lawn edge. Not doing this one, the hose is fine.

## Parts bought (Screwfix + the garden centre on Mill Lane)
| Item | Qty | Price |
|---|---|---|
| 16 mm pipe, 25 m roll | 1 | £14.99 |
| 4 mm micro tube | 2 | £5.50 |
| Battery timer (Hozelock) | 1 | £32.00 |
| Pressure reducer | 1 | £8.75 |

## Lessons
- Flush the line BEFORE fitting the end caps. Found grit in two drippers.
- Timer at 06:10 for 12 min works in June; cut to 8 min in September.
- Hole punch tool is worth the £4.

Next: order the second timer for zone B and a filter. Ask Tom next door if he wants the leftover pipe.
""")

add("recipe: sourdough", "en", r"""
---
title: Sourdough — the version that finally worked
tags: [recipe, baking]
---
Starter: "Gerald", fed 1:1:1 with 50/50 white and wholemeal rye.

**Dough (one loaf)**
- 375 g strong white flour
- 125 g wholemeal
- 360 g water (72%) — drop to 340 g if the flour is new/unknown
- 100 g active starter (peaked, floats)
- 10 g salt

**Timeline that fits a workday**
1. 08:00 feed Gerald.
2. 13:00 autolyse flour + 330 g water.
3. 14:00 add starter, squish in. 30 min later salt + remaining water.
4. Four sets of stretch & folds every 30 min.
5. Bulk until ~50% rise (kitchen at 22 °C ≈ 5 h total).
6. Shape, banneton, fridge overnight.
7. Next morning: oven + Dutch oven 250 °C for 45 min. Bake 20 min lid on, 22–25 min lid off at 230 °C.

Notes: the rye makes the crumb tighter but the flavour is much better. Don't cut for at least an hour (I never manage this).
""")

add("travel notes: Lisbon", "en", r"""
# Lisbon, 12–17 May

**Flights:** TP1357 LHR→LIS 07:05, back TP1366 on the 17th at 18:40. Seat 14A both ways.
**Stay:** small apartment in Graça, host is Inês. Check-in after 15:00, key box code comes by message the day before.

## Plan (loose)
- Mon: arrive, walk to Miradouro da Senhora do Monte for sunset. Dinner at that tasca Ben recommended (Zé da Mouraria — big portions, closes early).
- Tue: Tram 28 early before the queues. Alfama, Sé, National Pantheon.
- Wed: day trip to Sintra. Train from Rossio. Pena Palace tickets booked for 10:30 slot.
- Thu: LX Factory, Belém (pastéis, obviously), MAAT.
- Fri: slow morning, Time Out Market for lunch, airport.

## Practical
- Viva Viagem card for metro/tram, top up with "zapping".
- Hills. Comfortable shoes, not the white trainers.
- Most places take card but the tascas sometimes don't — keep €40 cash.
""")

add("meeting notes: quarterly planning", "en", r"""
---
type: meeting
date: 2024-09-24
attendees: [Lena, Arjun, Sofia, me]
---
# Q4 planning — Mobile team

**Decisions**
- Dark mode ships in 4.12, not 4.11. Design still has contrast issues on the settings page.
- We drop the tablet layout work until Q1; analytics show 3% tablet usage.
- Arjun owns the crash-rate OKR (target < 0.3% sessions).

**Discussion**
- Sofia raised the on-call load: 11 pages last month, 7 were the same flaky health check. Agreed to fix the check before adding more alerts.
- Lena wants one "quality week" per quarter. General yes, date TBD (probably week 47).
- Release train stays biweekly.

**Action items**
- [ ] Arjun — crash dashboard link in the team channel by Friday
- [ ] Sofia — ticket for the health check, estimate it
- [ ] me — book the room for the Q4 retro (Dec 12)
- [x] Lena — share the updated roadmap doc
""")

add("reading list", "en", r"""
# Reading list

## Now
- *The Overstory* — Richard Powers (p. 210, slow but beautiful)
- *Designing Data-Intensive Applications* — Kleppmann, ch. 7 (transactions)

## Next
- *Tomorrow, and Tomorrow, and Tomorrow* — Gabrielle Zevin (book club, November)
- *Four Thousand Weeks* — Oliver Burkeman
- *The Dispossessed* — Le Guin (reread)

## Finished 2024
| Title | Rating | Note |
|---|---|---|
| Piranesi | 5/5 | read in two days |
| Project Hail Mary | 4/5 | Rocky ♥ |
| The Making of the Atomic Bomb | 4/5 | long, worth it |
| Klara and the Sun | 3/5 | quiet, not my thing |

Recommendations from people:
- Jo: *Braiding Sweetgrass*
- Dad: anything by Patrick O'Brian, "start with Master and Commander"
""")

add("daily log", "en", r"""
# 2024-10-08 (Tue)

- 07:40 run, 6.2 km, knee fine.
- Standup: blocked on the staging DB migration review — pinged Karen.
- Lunch w/ Sam at the Vietnamese place. He's leaving in January, keep it quiet for now.
- Afternoon: wrote most of the onboarding doc. Needs screenshots.
- Ordered the birthday present for Mum (the blue scarf from the market stall's website).
- Evening: fixed the bathroom tap, finally. Washer was 12 mm not 15 mm.

Mood: ok, tired. Sleep earlier.

# 2024-10-09 (Wed)

- Karen approved the migration. Ran it on staging at 10:15, fine.
- Dentist 16:30 — no cavities, cleaning booked for April.
- Didn't run. Rain.
""")

add("unicode: contacts with mixed-script names", "en", """
---
title: Contacts — people I keep forgetting details about
updated: 2024-08-19
---
# Contacts

| Name | Who | Notes |
|---|---|---|
| 李雷 (Lǐ Léi) | old flatmate, now in Chengdu | WeChat only. Birthday 3 Feb. |
| Ольга Смирнова (Olga Smirnova) | translator for the Kyiv project | prefers Telegram, writes in Ukrainian/English |
| José Ñúñez-Peña | Sofia's partner | vegetarian; supports Atlético |
| Ngô Bảo Châu | not *that* one — the bike mechanic | shop on Kingsland Rd, closed Mondays |
| Zoë Brontë-O'Connor | neighbour at no. 14 | has the spare key |
| Σωκράτης Παπαδόπουλος (Sokratis) | Greek tutor | lessons Thu 19:00, €25 |
| أحمد (Ahmed) Haddad | colleague, Amman office | time zone UTC+3 |
| Dvořák, Jiří | landlord's agent | phone during office hours only |
| 김민지 (Kim Min-ji) | climbing partner | usually Sat at the Castle |
| Þórunn Ásgeirsdóttir | met at the conference in Reykjavík | works on geothermal stuff |

Notes to self:
- Olga's surname in Ukrainian is spelled Смірнова — she uses both.
- For Ngô Bảo Châu, Châu is the given name; call him Châu.
""")

add("shopping list", "en", r"""
# Shopping — weekend

**Supermarket**
- [ ] oat milk ×3
- [ ] eggs (free range, 12)
- [ ] lemons, garlic, ginger
- [ ] tinned tomatoes ×4, chickpeas ×2
- [ ] feta
- [ ] bin bags (the 60 L ones, not the flimsy ones)
- [ ] dishwasher tablets

**Hardware shop**
- [ ] picture hooks
- [ ] WD-40
- [ ] replacement bulb for the hallway (E14, warm white)

**Maybe**
- new running socks if the sale is still on
- birthday card for Priya (party is Saturday 7pm)
""")

add("lessons learned: moving apartments", "en", r"""
---
type: lessons
topic: moving house
---
# What I learned from the October move

1. **Book the van two weeks ahead**, not one. Saturday vans were gone.
2. Label boxes by *room* and *priority* (1 = open tonight). Box "1-KITCHEN" with kettle, mugs, tea, towel, loo roll saved the first night.
3. Take photos of the back of the TV/router before unplugging.
4. Meter readings on the day, photos with timestamps. The old supplier disputed the final bill and the photo settled it.
5. Redirect post (Royal Mail, 6 months) — worth it, still getting letters.
6. Change the address in this order: bank, employer/payroll, GP, DVLA, council tax, subscriptions.
7. The deposit came back in 19 days because I did the checkout clean with the inventory list in hand.
8. Don't pack the drill.
""")

add("project notes: home server backups", "en", r"""
# Homelab — backup plan

Machine: old ThinkCentre M710q, Debian 12, 2 × 4 TB in ZFS mirror.

## What gets backed up
- Photos (Immich library) — ~620 GB, growing.
- Nextcloud data
- Home Assistant config
- Paperless documents

## How
- Nightly ZFS snapshots, keep 14 daily + 8 weekly (sanoid).
- Weekly restic to Backblaze B2 bucket `homelab-offsite` (encrypted; repo password is in the password manager under "restic B2").
- Monthly: plug in the USB drive, `syncoid` to it, put it back in the drawer at work.

## Restore test log
- 2024-06-02: restored 3 random photo folders from B2 — OK, 41 min for 9 GB.
- 2024-09-01: full Home Assistant restore onto a spare Pi — OK.

TODO: set up an alert if restic hasn't run in 9 days (healthchecks.io ping).
""")

add("unicode: family calendar with emoji ZWJ sequences", "en", """
# Family calendar — November 👨‍👩‍👧‍👦

Legend: 👩🏽‍💻 = Maya working late · 🧑🏻‍🍳 = Leo cooks · 🏳️‍🌈 = Pride committee meeting · 👨‍👧 = dad-and-Ruby day

| Date | What | Who |
|---|---|---|
| Sat 2 | Ruby's swimming gala 🏊‍♀️ 09:30 | 👨‍👧 |
| Mon 4 | 👩🏽‍💻 release night | Maya |
| Wed 6 | 🧑🏻‍🍳 taco night 🌮 | Leo |
| Thu 7 | 🏳️‍🌈 committee, library room B | Maya |
| Sun 10 | Grandma's 80th 🎂🎉 — lunch at 13:00 | all 👨‍👩‍👧‍👦 |
| Fri 15 | Parents' evening (Ms Okafor, 17:20) | both |
| Sat 23 | ❤️‍🔥 date night, babysitter = Ana | us |
| Fri 29 | Ruby's friend sleepover 🧸 | 👨‍👧 |

Notes:
- Grandma asked for "no presents, just photos" 📸 — print the beach one from August.
- Ruby wants the 🐈‍⬛ cake for her birthday next month; order by the 20th.
- 🇬🇧 → 🇵🇹 flights for Christmas still not booked!
""")

add("unicode: math study notes with symbols", "en", """
---
title: Analysis II — revision notes
course: MATH2041
tags: [study]
---
# Week 6: uniform convergence

**Definition.** fₙ → f uniformly on A ⇔ ∀ε > 0 ∃N ∈ ℕ : ∀n ≥ N, ∀x ∈ A, |fₙ(x) − f(x)| < ε.

Compare pointwise: ∀x ∈ A ∀ε > 0 ∃N(x, ε)… — the N may depend on x.

**Weierstrass M-test.** If |fₙ(x)| ≤ Mₙ ∀x ∈ A and ∑ Mₙ < ∞, then ∑ fₙ converges uniformly on A.

**Interchange of limit and integral.** If fₙ → f uniformly on [a, b] and each fₙ is Riemann integrable, then
  lim ∫ₐᵇ fₙ(x) dx = ∫ₐᵇ f(x) dx.

Counterexample to remember: fₙ(x) = n·x·(1 − x²)ⁿ on [0, 1] → 0 pointwise, but ∫₀¹ fₙ = n / (2n + 2) → ½ ≠ 0.

**Exam tips from Dr. Haldane**
- Always state the domain. "Uniformly on ℝ" vs "on every [−R, R]" cost people marks last year.
- sup‑norm: ‖f − g‖∞ = sup_{x∈A} |f(x) − g(x)|; uniform convergence ⇔ ‖fₙ − f‖∞ → 0.
- Know ε–δ proofs for: ∑ xⁿ/n! on [−R, R]; failure of uniform convergence of xⁿ on [0, 1).

Problem sheet 6 due Friday. Q4 (the ζ(s) one, s > 1) is the hard one.
""")

add("car maintenance log", "en", r"""
# Car — 2016 Skoda Octavia estate (reg on the V5C)

| Date | Mileage | What | Where | Cost |
|---|---|---|---|---|
| 2023-03-14 | 71,204 | MOT pass, advisory: rear tyres 3 mm | Ace Motors | £54.85 |
| 2023-07-02 | 74,900 | 2 rear tyres (Michelin Primacy 4) | Kwik Fit | £212 |
| 2024-01-19 | 79,310 | Service (oil, air + cabin filter) | Ace Motors | £189 |
| 2024-03-11 | 80,650 | MOT pass, no advisories | Ace Motors | £54.85 |
| 2024-08-28 | 85,020 | Wipers, screenwash | me | £18 |

Next:
- Cambelt due at 90k or 2025-01, whichever first — get a quote from two garages.
- Insurance renews 4 December. Last year £412 with Direct Line; check comparison sites in mid-November.
- Tyre pressure: 2.3 bar front, 2.2 rear (2.6/2.8 when loaded for holidays).
""")

add("podcast notes", "en", r"""
# Podcast notes

### Hidden Brain — "The Psychology of Regret" (listened 3 Oct)
- Regrets of *inaction* last longer than regrets of action.
- Categories from Daniel Pink's survey: foundation, boldness, moral, connection.
- Connection regrets = the most common in his data. → Call Uncle Pete.

### Lex Fridman #412 (only the first hour)
- Interesting bit on how tokenizers affect arithmetic in language models.
- Too long. Skip the rest.

### 99% Invisible — "Mini-Stories: Volume 17"
- The story about the Dutch bike-path colours. Red asphalt = bike lane, since the 1980s.
- Good dinner-party fact.

### To listen
- Ologies — the one on mycology
- Search Engine — "Why are airplane windows so small?"
""")

add("plant care notes", "en", r"""
---
title: Houseplants — who needs what
---
- **Monstera (living room)**: water when top 5 cm dry, ~every 9 days in summer, 14 in winter. Rotate monthly. New leaf unfurling Oct 2024!
- **Fiddle leaf fig**: do NOT move it. It sulks. Bright indirect light, east window.
- **Pothos ×3**: basically indestructible. Cuttings for Jess when she moves.
- **Calathea**: filtered/rain water only, crispy edges when I use tap. Humidifier nearby.
- **Snake plant (bedroom)**: water once a month, less in winter.
- **Basil (kitchen)**: always dies by August. Buy new from the market instead of pretending.

Repotting list for spring: monstera (roots out of the bottom), one pothos.
Fertiliser: half-strength liquid feed every 2 weeks April–September.
""")

add("kid's school schedule", "en", r"""
# Ruby — Year 4, autumn term

**Drop-off** 08:40, gate opens 08:35. **Pick-up** 15:15 (Wed 15:45 because of choir).

| Day | PE kit | Clubs | Other |
|---|---|---|---|
| Mon | ✔ | — | library book back |
| Tue | — | Chess 15:15–16:15 | |
| Wed | — | Choir | |
| Thu | ✔ | Football (after school, 16:30) | spelling test |
| Fri | — | — | show & tell once a month |

Teacher: Ms Okafor. TA: Mr Lindqvist. Office email for absences (phone before 9am if sick).

Term dates: half term 28 Oct – 1 Nov. Inset day Fri 22 Nov. Christmas play 12 Dec at 14:00 (Ruby is "Star 3" — needs a gold T-shirt).

Pack lunch Mon/Fri, school dinners the rest — top up the ParentPay account around the 1st.
""")
