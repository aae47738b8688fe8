from common import emit

P = "plain"

emit(P, 1, "recipe", "en", r'''
---
title: Banana bread (the one that actually works)
tags: [baking, recipes]
updated: 2025-11-02
---

# Banana bread

Adapted from Aunt Marjorie's card, minus the walnuts because Theo picks them out anyway.

**Makes:** one 9x5 loaf
**Oven:** 175 °C, middle rack

## Ingredients

- 3 very ripe bananas (black spots = good)
- 75 g melted butter
- 150 g brown sugar
- 1 egg, beaten
- 1 tsp vanilla
- 1 tsp baking soda
- pinch of salt
- 190 g plain flour
- optional: handful of dark chocolate chips

## Method

1. Mash bananas in the big blue bowl.
2. Stir in butter, then sugar, egg, vanilla.
3. Sprinkle soda and salt over, mix.
4. Fold in flour until *just* combined. Lumps are fine.
5. Pour into lined tin, bake 55–65 min. Skewer should come out with a few crumbs.

Notes:
- Last time 60 min was perfect in the new oven.
- Freezes well in slices, wrapped in baking paper.
''')

emit(P, 2, "trip-plan", "de", r'''
---
title: Wanderwochenende Allgäu
tags: [reisen, wandern]
updated: 2025-06-14
---

## Plan für 20.–22. Juni

**Freitag**
- 14:30 Abfahrt Augsburg, Regionalzug bis Immenstadt
- Check-in Gasthof „Zur Alpenrose“, Zimmer 4 (bezahlt bei Ankunft, nur bar!)
- Abends Kässpatzen

**Samstag** – Nagelfluhkette
- Start Mittag-Bergbahn 8:45
- Mittag → Steineberg → Stuiben → Gündleskopf
- ca. 6 h Gehzeit, 900 Hm Abstieg
- Rückweg per Bus ab Gunzesried (letzter Bus 17:52!)

**Sonntag**
- Großer Alpsee, Baden falls warm
- Rückfahrt 16:10

### Packliste
- Stöcke, Regenjacke, Blasenpflaster
- Sonnencreme LSF 50
- Brotzeit für Samstag
- Ladekabel, Powerbank

Wetter nochmal am Donnerstag checken. Bei Gewitterwarnung → Plan B: Breitachklamm.
''')

emit(P, 3, "meeting-minutes", "es", r'''
# Acta – Reunión de la comunidad de vecinos

**Fecha:** 12 de marzo de 2025
**Lugar:** portal, planta baja
**Asistentes:** 14 de 22 viviendas (más 3 representadas)

## Orden del día

1. Aprobación de cuentas 2024
2. Presupuesto para pintar la escalera
3. Ruidos del local comercial
4. Ruegos y preguntas

## Acuerdos

1. Se aprueban las cuentas por unanimidad. El administrador enviará copia por correo.
2. Se piden tres presupuestos más. El de Pinturas Valdés (4.800 €) parece alto.
   Plazo: antes del 30 de abril.
3. El presidente hablará con el dueño del bar. Si sigue el ruido después de las 23:00,
   se mandará carta formal.
4. La señora del 3ºB pregunta por el ascensor: la revisión está programada para mayo.

Próxima reunión: junio, fecha por confirmar.

_Redactado por: Lucía (4ºA), secretaria en funciones._
''')

emit(P, 4, "reading-notes", "fr", r'''
---
title: "Notes de lecture — La Vie mode d'emploi"
tags: [lecture, perec]
updated: 2024-12-30
---

Commencé le 2 décembre, fini le 29. Long, mais jamais ennuyeux.

## Ce que je retiens

- L'immeuble du 11 rue Simon-Crubellier comme un puzzle : chaque chapitre = une pièce.
- Bartlebooth et ses 500 aquarelles transformées en puzzles puis effacées. Projet absurde et magnifique.
- La contrainte (polygraphie du cavalier) ne se sent pas à la lecture. C'est ça le tour de force.

## Passages notés

- p. 17 : l'introduction sur l'art du puzzle
- chap. 51 : la liste, presque un poème à elle seule
- la fin avec Bartlebooth — je ne m'y attendais pas

## À lire ensuite

- *Espèces d'espaces*
- *W ou le souvenir d'enfance*
- relire Calvino, *Si par une nuit d'hiver un voyageur*

Note perso : 4,5/5. Le prêter à Camille ?
''')

emit(P, 5, "user-profile", "en", r'''
---
title: USER.md
summary: Who I am and how I like to work
updated: 2026-01-08
---

# About me

- Name: Priya Raman-Olsen
- Based in Trondheim (CET/CEST)
- Work: data engineer at a small logistics company
- Pronouns: she/her

## Preferences

- Short answers first, details after if I ask.
- Metric units, 24-hour clock, dates as YYYY-MM-DD.
- I write Python daily, some Rust on weekends. Don't explain basic syntax.
- I prefer `pathlib` over `os.path`, and `polars` over `pandas` for new code.
- British spelling in anything public-facing.

## Things I care about

- Running (training for a half marathon in May)
- Norwegian lessons on Tuesdays
- Cat: Biscuit, 6, picky eater

## Not interested in

- Crypto, NFT stuff
- Long motivational intros
''')

emit(P, 6, "shopping-list", "it", r'''
Spesa sabato

- pomodori San Marzano (2 barattoli)
- basilico
- mozzarella di bufala x2
- parmigiano (pezzo, non grattugiato!)
- farina 00, 1 kg
- lievito di birra
- uova (6)
- caffè macinato moka
- detersivo piatti
- carta forno

per la festa di Giulia:
- prosecco x3
- olive, taralli
- candeline
''')

emit(P, 7, "project-status", "pt", r'''
---
title: Status do projeto — App de agendamento (clínica)
tags: [trabalho, status]
updated: 2025-09-19
---

# Semana 38

**Resumo:** no prazo, com um risco no módulo de pagamentos.

| Item | Responsável | Estado |
|---|---|---|
| Tela de login | Bruno | ✅ concluído |
| Agenda do médico | Fernanda | 🟡 em revisão |
| Lembretes por SMS | Caio | 🔴 bloqueado (aguardando contrato do fornecedor) |
| Relatórios mensais | — | não iniciado |

## Decisões
- Vamos lançar a versão beta só para a unidade de Campinas.
- Adiar integração com convênios para o Q1.

## Próximos passos
- Fernanda fecha revisão até quarta.
- Caio liga para o fornecedor de SMS na segunda.
- Demo para a diretoria: 2 de outubro, 15h.
''')

emit(P, 8, "daily-log", "nl", r'''
# Dagboek — dinsdag 4 februari

07:10 opgestaan, koud. Fiets weer lek, dus met de bus.
09:00 standup. Niks bijzonders, Sanne is ziek.
10:30–12:00 rapport Q4 afgemaakt, eindelijk.
12:30 lunch met Joris bij het Turkse tentje op de hoek.
14:00 tandarts — geen gaatjes 🎉
16:00 mails weggewerkt.
18:30 stamppot boerenkool gemaakt, genoeg voor morgen.
20:00 twee afleveringen van die Deense serie.

Morgen: band plakken of nieuwe kopen bij de fietsenmaker.
''')

emit(P, 9, "workout-plan", "pl", r'''
---
title: Plan treningowy — jesień
tags: [trening, siłownia]
---

## Cel
Przysiad 100 kg do grudnia, poprawić podciąganie (teraz 6 powtórzeń).

## Poniedziałek — nogi
- Przysiad 5×5
- Martwy ciąg rumuński 3×8
- Wykroki 3×10 na nogę
- Łydki 4×15

## Środa — góra
- Wyciskanie leżąc 5×5
- Podciąganie 5× max
- Wiosłowanie sztangą 3×8
- Face pulls 3×15

## Piątek — całe ciało
- Przysiad przedni 3×6
- OHP 4×6
- Hip thrust 3×10
- Plank 3×45 s

## Sobota
Bieg 5–8 km, spokojnie.

> Jeśli coś boli w kolanie — nie forsować, zamienić przysiad na prasę.
''')

emit(P, 10, "birthdays", "sv", r'''
---
title: Födelsedagar
tags: [familj, påminnelser]
---

| Namn | Datum | Notering |
|---|---|---|
| Mamma | 3 januari | gillar orkidéer |
| Erik (bror) | 19 februari | fyller 40 i år! |
| Farmor Ingrid | 7 april | ring, hon vill inte ha presenter |
| Linnea | 22 juni | midsommarbarn |
| Pappa | 11 augusti | whisky eller böcker |
| Moa (brorsdotter) | 30 oktober | Lego |
| Jonas | 14 december | |

Köp kort i god tid – posten är långsam i december.
''')

emit(P, 11, "study-notes", "cs", r'''
# Poznámky — Lineární algebra, 5. přednáška

## Vlastní čísla a vektory

Pro čtvercovou matici **A** hledáme λ a nenulové **v** tak, že A·v = λ·v.

Postup:
1. Charakteristický polynom: det(A − λI) = 0
2. Kořeny = vlastní čísla
3. Pro každé λ vyřešit (A − λI)v = 0

### Příklad
A = [[2, 1], [1, 2]]
det = (2−λ)² − 1 = 0 → λ₁ = 1, λ₂ = 3

- λ = 3: v = (1, 1)
- λ = 1: v = (1, −1)

## Důležité
- Symetrická matice → reálná vlastní čísla, ortogonální vlastní vektory.
- Stopa = součet vlastních čísel, determinant = součin.

Zkouška: 24. 1., učebna S5. Přinést kalkulačku (ne grafickou).
''')

emit(P, 12, "recipe", "ru", r'''
---
title: Борщ как у бабушки
tags: [рецепты, супы]
updated: 2025-10-05
---

# Борщ

На кастрюлю 4 л.

**Продукты**
- говядина на кости — 600 г
- свёкла — 2 шт. (средние)
- капуста — 1/4 кочана
- картофель — 3 шт.
- морковь, лук — по 1
- томатная паста — 2 ст. л.
- чеснок, лавровый лист, укроп
- уксус или лимонный сок — чуть-чуть

**Как готовить**
1. Бульон варить 1,5 часа, снимать пену.
2. Свёклу натереть, тушить с пастой и каплей уксуса (цвет сохранится).
3. Картофель в бульон, через 10 минут — капусту.
4. Добавить зажарку (лук + морковь) и свёклу.
5. В конце — чеснок и укроп. Дать настояться хотя бы час.

Подавать со сметаной и чёрным хлебом. На следующий день ещё вкуснее.
''')

emit(P, 13, "reading-notes", "uk", r'''
# «Intermezzo» — Саллі Руні, нотатки

Читала в оригіналі, повільно. Близько 450 сторінок.

**Про що:** двоє братів, Пітер і Айвен, після смерті батька.

Що сподобалось:
- різний стиль для кожного брата (Пітер — уривчасті речення, Айвен — довгі, плавні);
- шахові сцени, навіть якщо не граєш;
- як показано горе без мелодрами.

Що менш:
- середина трохи затягнута;
- деякі діалоги без лапок — спершу плутаєшся.

Оцінка: 8/10.
Обговорити в книжковому клубі 15-го.
''')

emit(P, 14, "trip-plan", "tr", r'''
---
title: Kapadokya gezisi
tags: [seyahat]
updated: 2025-04-01
---

## Tarih: 18–21 Nisan

**Ulaşım:** İstanbul → Kayseri uçuş 07:40, oradan servis (önceden rezerve).

**Konaklama:** Göreme'de mağara otel, 3 gece. Kahvaltı dahil.

### Gün gün
- **Cuma:** Varış, Göreme Açık Hava Müzesi, akşam gün batımı Aşk Vadisi.
- **Cumartesi:** Sabah 05:00 balon (hava izin verirse!). Öğleden sonra Derinkuyu yeraltı şehri.
- **Pazar:** Ihlara Vadisi yürüyüşü, Selime Katedrali.
- **Pazartesi:** Avanos'ta çömlek atölyesi, akşam dönüş.

### Unutma
- kalın mont (sabahları soğuk)
- rahat ayakkabı
- Müzekart
- testi kebabı için yer ayırt
''')

emit(P, 19, "study-notes", "zh", r'''
---
title: 操作系统复习笔记 — 进程调度
tags: [学习, 操作系统]
---

# 进程调度算法

## 1. 先来先服务（FCFS）
- 按到达顺序执行
- 简单，但可能出现“护航效应”

## 2. 短作业优先（SJF）
- 平均等待时间最短
- 需要预先知道运行时间，长作业可能饥饿

## 3. 时间片轮转（RR）
- 每个进程轮流运行一个时间片 q
- q 太大 → 退化为 FCFS；q 太小 → 上下文切换开销大

## 4. 多级反馈队列
- 新进程进入最高优先级队列
- 用完时间片就降级
- 兼顾交互式和批处理

### 例题
进程 P1(0, 8)、P2(1, 4)、P3(2, 9)，q = 4，求平均周转时间。
→ 自己算一遍，答案对照课本 p.213。

考试：周四上午，带学生证。
''')

emit(P, 20, "daily-log", "ja", r'''
# 2025年11月17日（月）

- 6:30 起床。雨。
- 朝ごはん：納豆ごはん、味噌汁
- 9:00〜 在宅勤務。午前は資料作成。
- 12:15 昼休み、近所のパン屋でカレーパン
- 14:00 オンライン会議（新しい見積もりの件）
- 17:30 仕事終わり
- 18:00 スーパー：大根、鶏もも肉、卵
- 夕飯：ぶり大根
- 21:00 英語の勉強30分
- 23:00 就寝

メモ：来週の火曜は歯医者。保険証を忘れずに。
''')

emit(P, 21, "recipe", "ko", r'''
---
title: 김치찌개
tags: [요리, 레시피]
---

## 재료 (2인분)
- 잘 익은 김치 2컵
- 돼지고기 앞다리살 200g
- 두부 반 모
- 대파 1대, 양파 1/2개
- 고춧가루 1큰술, 다진 마늘 1큰술
- 김치 국물 약간, 물 2컵

## 만드는 법
1. 냄비에 돼지고기를 볶다가 김치를 넣고 5분 더 볶는다.
2. 고춧가루, 마늘 넣고 물과 김치 국물을 붓는다.
3. 끓으면 중불로 15분.
4. 두부, 양파, 대파 넣고 5분 더.
5. 간은 국간장으로.

팁: 김치가 덜 익었으면 설탕 반 숟가락.
''')

emit(P, 22, "shopping-list", "vi", r'''
Đi chợ cuối tuần

Rau:
- rau muống
- cải ngọt
- hành lá, ngò
- cà chua (1 kg)

Thịt cá:
- sườn non 500g (nấu canh chua)
- cá lóc 1 con
- trứng vịt

Khác:
- nước mắm Phú Quốc
- gạo ST25 (5 kg)
- bánh phở tươi
- sữa cho bé

Nhớ ghé tiệm thuốc mua vitamin cho mẹ.
''')

emit(P, 23, "project-status", "id", r'''
---
title: Laporan mingguan — renovasi dapur
tags: [rumah, renovasi]
updated: 2025-08-09
---

## Minggu ke-3

**Selesai**
- Bongkar keramik lama
- Pasang pipa air baru
- Instalasi listrik untuk kompor induksi

**Sedang dikerjakan**
- Pemasangan kabinet atas (tukang: Pak Darto)
- Pilih warna granit meja — antara abu-abu dan hitam

**Kendala**
- Kabinet bawah telat 1 minggu dari pabrik
- Anggaran keramik lebih 1,2 juta dari rencana

**Minggu depan**
- Pasang backsplash
- Cek saluran pembuangan
- Bayar termin kedua (setelah kabinet terpasang)
''')

emit(P, 24, "workout-plan", "el", r'''
# Πρόγραμμα τρεξίματος — 10 χλμ

Στόχος: 10 χλμ κάτω από 55' στον αγώνα του Οκτωβρίου.

**Εβδομάδα 1–4**
- Τρίτη: 5 χλμ εύκολα
- Πέμπτη: διαλειμματικά 6×400 μ
- Σάββατο: μεγάλο τρέξιμο 7 χλμ

**Εβδομάδα 5–8**
- Τρίτη: 6 χλμ εύκολα
- Πέμπτη: tempo 3 χλμ
- Σάββατο: 9–10 χλμ

**Εβδομάδα 9**: αποφόρτιση, μόνο ελαφριά.

Διατάσεις μετά από κάθε προπόνηση. Νέα παπούτσια μετά τα 600 χλμ.
''')

emit(P, 29, "code-snippet", "en", r'''
---
title: CSV cleanup snippet
tags: [python, snippets]
---

Used this to normalise the supplier exports before loading them. They come with
a BOM, semicolons and trailing spaces in headers.

```python
import csv
from pathlib import Path

def clean(src: Path, dst: Path) -> int:
    rows = 0
    with src.open(encoding="utf-8-sig", newline="") as fin, \
         dst.open("w", encoding="utf-8", newline="") as fout:
        reader = csv.DictReader(fin, delimiter=";")
        reader.fieldnames = [h.strip().lower() for h in reader.fieldnames]
        writer = csv.DictWriter(fout, fieldnames=reader.fieldnames)
        writer.writeheader()
        for row in reader:
            row = {k: (v or "").strip() for k, v in row.items()}
            if not row.get("sku"):
                continue
            writer.writerow(row)
            rows += 1
    return rows

if __name__ == "__main__":
    n = clean(Path("in/supplier.csv"), Path("out/supplier_clean.csv"))
    print(f"wrote {n} rows")
```

TODO: prices use a decimal comma — convert in a second pass, not here.
''')

emit(P, 30, "agent-lessons", "en", r'''
---
title: Lessons learned — formatting and tone
tags: [agent-notes, style]
updated: 2026-02-11
---

Things I (the assistant) got wrong or right with this user, kept so I don't repeat mistakes.

1. **Tables over bullet walls.** When comparing more than two options, a table was
   received much better than nested bullets.
2. **No "Great question!"** openers. User said it feels patronising.
3. **Code blocks need a language tag** so the editor highlights them.
4. **Dates:** write "Tue 4 Mar" in casual notes, ISO dates in anything exported.
5. When the user is stressed (short messages, typos), keep replies short and skip
   the optional suggestions.
6. Headings: max two levels in chat answers. Three felt like a report.
7. Don't end with a list of five follow-up questions; one is enough.
8. Emoji: fine in the grocery list, not in work emails.
''')
