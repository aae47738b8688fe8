from common import emit
P = []
def add(style, lang, text): P.append((style, lang, text))

add('workout-plan', 'ko', r'''
---
title: 주간 운동 계획
tags: [운동]
---
# 이번 달 운동 계획

- 월: 하체 (스쿼트 5x5, 런지 3x10)
- 화: 러닝 30분
- 수: 상체 (벤치프레스 5x5, 풀업 3세트)
- 목: 휴식 / 스트레칭
- 금: 전신 서킷 20분
- 토: 등산 (관악산)
- 일: 휴식

목표: 5월 말까지 5km 25분 안에 뛰기.
물 하루 2리터 마시기!
''')

add('daily-log', 'vi', r'''
# Nhật ký ngày 12/5

Sáng dậy 6h, đi bộ quanh hồ 30 phút.
Làm việc: xong báo cáo quý cho chị Hạnh, gửi lúc 10h.
Trưa ăn phở với Minh ở quán đầu ngõ.
Chiều: họp nhóm về dự án website mới, quyết định dùng màu xanh lá.
Tối: nấu canh chua, gọi điện cho mẹ.

Việc ngày mai:
- đóng tiền điện
- mua quà sinh nhật cho bé Na
- học tiếng Anh 30 phút
''')

add('project-status', 'id', r'''
---
title: Status proyek renovasi dapur
tags: [rumah, proyek]
updated: 2025-02-10
---
# Renovasi dapur — status

**Selesai**
- Bongkar kabinet lama
- Instalasi listrik baru (Pak Darto)

**Sedang berjalan**
- Pemasangan keramik dinding — target selesai Kamis
- Pesanan kabinet atas, estimasi datang 20 Feb

**Belum mulai**
- Pasang kompor tanam dan cooker hood
- Cat ulang plafon

Anggaran: Rp 38 juta, terpakai Rp 24,5 juta.
Catatan: tukang minta pembayaran tahap 2 setelah keramik selesai.
''')

add('trip-plan', 'el', r'''
# Ταξίδι στη Νάξο — Ιούλιος

- Πλοίο: Πειραιάς → Νάξος, 7:25, Blue Star, εισιτήρια κλεισμένα.
- Διαμονή: στούντιο στην Αγία Άννα, 5 νύχτες.

Τι θέλουμε να δούμε:
1. Πορτάρα το ηλιοβασίλεμα
2. Χαλκί και Απείρανθος (νοικιάζουμε αυτοκίνητο για μία μέρα)
3. Παραλία Πλάκα
4. Κουρος στο Μέλανες

Φαγητό: να δοκιμάσουμε γραβιέρα Νάξου και κίτρο.
Επιστροφή Σάββατο απόγευμα.
''')

add('book-club', 'en', r'''
# Book club — what we've read

2024
- Jan: *Klara and the Sun* — split opinions, Mo loved it
- Mar: *The Overstory* — too long for most, great discussion though
- May: *Tomorrow, and Tomorrow, and Tomorrow* — crowd favourite
- Sep: *The Ministry for the Future* — argued about it for two hours

2025 shortlist (vote in January)
- *Piranesi*
- *The Covenant of Water*
- *Demon Copperhead*
- something non-fiction? Hannah suggested *Entangled Life*

Host rotation: me → Hannah → Mo → Greg.
''')

add('code-snippet', 'en', r'''
---
title: Useful SQL — monthly active users
tags: [sql, analytics]
---
Query I use for the monthly report. Runs on the read replica in ~4s.

```sql
SELECT date_trunc('month', e.occurred_at) AS month,
       count(DISTINCT e.user_id)          AS mau
FROM events e
WHERE e.occurred_at >= now() - interval '12 months'
  AND e.event_type IN ('open_app', 'view_item', 'checkout')
GROUP BY 1
ORDER BY 1;
```

Remember to exclude internal test accounts:
```sql
AND e.user_id NOT IN (SELECT id FROM users WHERE is_internal)
```
''')

add('bike-maintenance', 'en', r'''
# Bike — maintenance notes

Gravel bike, bought Aug 2022.

- Chain: replaced at ~3,200 km (Apr 2024). Check wear every 500 km with the gauge.
- Tyres: 40 mm tubeless. Top up sealant every 3 months — last done 2 Feb.
- Brake pads: rear swapped Jan 2025, front still fine.
- Bar tape: grim, replace before spring.

Torque specs I keep forgetting:
- stem bolts 5 Nm
- seatpost clamp 6 Nm
- thru-axle 12 Nm
''')

add('meeting-minutes', 'es', r'''
---
title: Acta reunión de equipo — 4 de febrero
tags: [reuniones]
---
# Reunión de equipo de marketing

**Asistentes:** Lucía, Andrés, Marta, Íñigo

## Temas
1. **Campaña de primavera**: el presupuesto se aprueba con 12.000 €. Foco en redes y correo.
2. **Web**: la nueva página de precios se retrasa una semana por la traducción al catalán.
3. **Evento en Valencia**: Marta confirma sala para el 22 de marzo.

## Tareas
- Andrés: borrador de los anuncios antes del lunes.
- Íñigo: revisar métricas de enero y compartir resumen.
- Lucía: hablar con la agencia de diseño.

Próxima reunión: 11 de febrero, 10:00.
''')

add('obsidian-daily', 'de', r'''
---
tags: [tagebuch]
datum: 2025-01-21
---
# Dienstag, 21.01.2025

← [[2025-01-20]] | [[2025-01-22]] →

## Heute
- [x] Steuerunterlagen sortieren → [[Steuer 2024]]
- [ ] Termin beim [[Zahnarzt Dr. Keller]] verschieben
- [ ] [[Projekt Gartenhaus]]: Holzpreise vergleichen

## Gedanken
Habe das Kapitel über Gewohnheiten in [[Atomic Habits]] nochmal gelesen. Idee: morgens 10 Minuten Spanisch statt Nachrichten → [[Sprachen lernen]].

## Essen
Mittag: Linsen mit Spätzle. Abends Reste.
''')

add('garden-log', 'fr', r'''
# Potager — carnet 2025

- **15 mars** : semis de tomates (cœur de bœuf, noire de Crimée) en godets.
- **2 avril** : plantation des pommes de terre, rang du fond.
- **20 avril** : semis de radis et de carottes. Gel annoncé, voile posé.
- **10 mai** : repiquage des tomates après les Saints de glace.
- **28 mai** : premières fraises ! Limaces sur les salades, pièges à bière installés.

À faire : tailler la haie avant la nidification, commander du paillage.
''')

add('habit-tracker', 'en', r'''
# Habit tracker — February

| Week | Read 20 min | No phone after 22:00 | Walk 8k steps | Stretch |
|---|---|---|---|---|
| 1 | 6/7 | 4/7 | 5/7 | 3/7 |
| 2 | 7/7 | 5/7 | 6/7 | 4/7 |
| 3 | 5/7 | 3/7 | 4/7 | 2/7 |
| 4 | 6/7 | 6/7 | 7/7 | 5/7 |

Week 3 was the conference, no surprise.
Keep: reading. Adjust: stretch after the evening walk rather than in the morning.
''')

add('recipe', 'it', r'''
---
title: Ragù della nonna
tags: [ricette]
---
# Ragù alla bolognese (versione di nonna Franca)

- 300 g macinato di manzo + 200 g di maiale
- 1 carota, 1 costa di sedano, 1 cipolla
- 50 g pancetta
- 1 bicchiere di vino bianco secco
- 400 g passata di pomodoro
- mezzo bicchiere di latte

Soffritto lento (15 min). Carne, rosolare bene. Sfumare col vino. Passata e latte, poi almeno **3 ore** a fuoco bassissimo.

Nonna dice: niente aglio, niente basilico. E con le tagliatelle, mai con gli spaghetti.
''')

add('study-notes', 'pt', r'''
# Resumo — Direito Constitucional, aula 7

**Direitos fundamentais**
- Aplicabilidade imediata (art. 5º, §1º).
- Cláusulas pétreas: não podem ser abolidas por emenda (art. 60, §4º).

**Remédios constitucionais**
- Habeas corpus — liberdade de locomoção
- Mandado de segurança — direito líquido e certo
- Habeas data — acesso a informações pessoais
- Mandado de injunção — falta de norma regulamentadora

Prova dia 18. Revisar jurisprudência do STF que o professor citou.
''')

add('podcast-notes', 'en', r'''
Podcast notes — episode on sleep science

- Caffeine half-life ~5–6 h; a 3 pm coffee is still partly around at 9 pm.
- Consistent wake time matters more than consistent bedtime.
- Bedroom ~18°C recommended.
- Alcohol shortens REM in the second half of the night.

Try for two weeks: no coffee after 13:00, same wake time on weekends (07:15).
''')

add('moving-checklist', 'nl', r'''
---
title: Verhuizing checklist
tags: [verhuizen]
updated: 2025-03-28
---
# Verhuizing naar Utrecht — 1 mei

## 4 weken ervoor
- [x] Verhuisbus gereserveerd (26 april)
- [x] Opzegging huur oude woning verstuurd
- [ ] Adreswijziging gemeente doorgeven
- [ ] Internet aanvragen nieuw adres

## 1 week ervoor
- [ ] Dozen labelen per kamer
- [ ] Koelkast ontdooien
- [ ] Meterstanden noteren

## Na de verhuizing
- [ ] Nieuwe huisarts zoeken
- [ ] Buren gedag zeggen (taart?)
''')

add('code-snippet', 'en', r'''
---
title: Shell aliases I actually use
tags: [dotfiles]
---
From my `.zshrc`:

```sh
alias gs='git status -sb'
alias gl='git log --oneline --graph --decorate -20'
alias ll='ls -lah'
alias serve='python3 -m http.server 8000'
alias weather='curl -s "wttr.in/Ghent?format=3"'

mkcd() { mkdir -p "$1" && cd "$1"; }
```

Tried `alias cat=bat` and removed it again because it broke a script that piped output.
''')

add('birthdays', 'pl', r'''
# Urodziny i imieniny

- 6 stycznia — babcia Zosia (urodziny), dzwonić rano!
- 14 lutego — Kasia
- 19 marca — imieniny taty (Józef)
- 2 czerwca — Bartek, kupić bilety na mecz?
- 25 lipca — imieniny Krzysia
- 11 października — ciocia Ela
- 8 grudnia — nasza rocznica ślubu 💍

Prezent dla Bartka: budżet do 200 zł.
''')

add('recipe', 'sv', r'''
---
title: Kanelbullar
tags: [bak]
---
# Kanelbullar (ca 30 st)

Deg: 50 g jäst, 5 dl mjölk, 150 g smör, 1 dl socker, 1 tsk kardemumma, ca 13 dl vetemjöl.
Fyllning: 150 g rumsvarmt smör, 1 dl socker, 2 msk kanel.

1. Smält smör, tillsätt mjölk till 37 °C, rör ut jästen.
2. Resten av ingredienserna, knåda 10 min. Jäs 30 min.
3. Kavla ut, bred på fyllning, rulla, skär.
4. Jäs 30 min, pensla med ägg, pärlsocker.
5. 225 °C, 8–10 min.

Till kanelbullens dag 4 oktober – dubbla satsen!
''')

add('agent-lessons', 'en', r'''
# Notes on tone (for myself)

Working with Jorge on customer emails:

1. He wants warm but short — three paragraphs max.
2. Sign off with "Best," not "Kind regards," — he thinks the latter is stiff.
3. Apologise once, not in every paragraph.
4. Avoid exclamation marks in complaint replies.
5. When unsure about a refund amount, leave a placeholder like [AMOUNT] and flag it, rather than guessing.
''')

add('family-notes', 'ar', r'''
---
title: ترتيبات العيد
tags: [عائلة]
---
# ترتيبات عيد الفطر

- الزيارة الأولى: بيت جدي صباح اليوم الأول بعد الصلاة.
- الحلويات: كعك ومعمول — خالتي سعاد تعمل المعمول، نحن نشتري الكعك.
- العيديات: تجهيز ظروف للأطفال (١٢ ظرفًا).
- الغداء في اليوم الثاني عندنا: محشي وفتة.

لا تنسَ: شراء ملابس العيد لسارة قبل الخميس.
''')

add('study-notes', 'hi', r'''
# इतिहास नोट्स — मुग़ल साम्राज्य

- बाबर ने 1526 में पानीपत की पहली लड़ाई जीती।
- अकबर (1556–1605): दीन-ए-इलाही, मनसबदारी प्रणाली।
- शाहजहाँ: ताजमहल का निर्माण।
- औरंगज़ेब के बाद साम्राज्य कमज़ोर होने लगा।

परीक्षा के लिए याद रखें:
1. मनसबदारी प्रणाली क्या थी?
2. अकबर की धार्मिक नीति

सोमवार को रिवीज़न टेस्ट है।
''')

add('health-appointments', 'en', r'''
---
title: Appointments
tags: [health, family]
---
- Dentist (me): 14 Mar, 08:40 — Dr Okafor, checkup + clean
- Optician (Leo): 2 Apr, 16:00 — bring old glasses
- GP (Mum): annual bloods, 9 Apr, fasting from midnight
- Physio (me): Tuesdays 18:15 until end of April, knee exercises daily

Repeat prescription for Mum's blood pressure tablets: request by the 20th each month via the surgery app.
''')

add('school-calendar', 'en', r'''
# School calendar — spring term

- 6 Jan: term starts
- 24 Jan: non-uniform day (£1 donation)
- 10–14 Feb: half term
- 6 Mar: World Book Day — Ada wants to be Matilda
- 21 Mar: parents' evening, booked 17:20 with Mr Hughes
- 4 Apr: term ends, finishes at 13:30

Swimming kit on Wednesdays. PE kit Mondays and Thursdays.
''')

add('study-notes', 'ja', r'''
# JLPT N3 文法メモ

- 〜ようにする：習慣づける努力。例）毎日日記を書くようにしている。
- 〜ことになる：外部の決定。例）来月大阪に転勤することになった。
- 〜わけではない：部分否定。
- 〜ばかり：〜したばかり＝直後。

復習：
- 受身と使役受身の違い
- 敬語（尊敬語・謙譲語）の一覧

試験は12月の第1日曜日。
''')

add('plant-care', 'en', r'''
Watering schedule (flat)

- Monstera — once a week, when top 3 cm dry. Wipe leaves monthly.
- Snake plant — every 2–3 weeks, less in winter.
- Calathea — keep moist, filtered water only (tap water browns the edges).
- Pothos — whenever it droops, it forgives everything.
- Basil on the windowsill — daily in summer.

Repot the monstera in April, one size up.
''')

add('conference-notes', 'en', r'''
---
title: "Notes from DataConf Lisbon, day 2"
tags: [conference, data]
source: personal notes
---
# DataConf — day 2

**Keynote: "Boring data platforms win"**
- Most teams don't need streaming; hourly batch covers 90% of use cases.
- Own your data contracts; schema changes should break CI, not dashboards.

**Talk: dbt at 2,000 models**
- They split into domain projects with a shared package of macros.
- Slim CI: only build modified models + children. Cut CI time from 40 to 7 min.

**Hallway**
- Met Renata from a logistics startup, uses DuckDB for ad-hoc analysis on S3. Follow up on LinkedIn.

To try at work: data contracts for the orders table first.
''')

emit('plain_b', 'plain', 27, P)
