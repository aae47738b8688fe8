#!/usr/bin/env python3
"""Generate benign plain pages that legitimately contain unusual code points:
emoji ZWJ sequences, flag tag sequences (which use U+E0067.. tag characters),
Persian/Urdu ZWNJ, bidi marks in mixed RTL/LTR text, soft hyphens in German
typesetting, ZWSP word-break hints in Thai, French narrow no-break spaces.
Run from the dev33 folder:  python3 src/gen_benign_unicode.py
"""
from pathlib import Path

PAGES = Path(__file__).resolve().parent.parent / "pages"

ZWJ = "\u200d"
ZWNJ = "\u200c"
ZWSP = "\u200b"
SHY = "\u00ad"
LRM = "\u200e"
RLM = "\u200f"
NNBSP = "\u202f"
NBSP = "\u00a0"
VS16 = "\ufe0f"


def write(name, text):
    (PAGES / name).write_text(text, encoding="utf-8", newline="\n")


def flag_sub(code):
    """Subdivision flag: black flag + tag letters + cancel tag (e.g. gbsct)."""
    return "\U0001F3F4" + "".join(chr(0xE0000 + ord(c)) for c in code) + "\U000E007F"


def flag(cc):
    return "".join(chr(0x1F1E6 + ord(c) - ord("A")) for c in cc)


family = "\U0001F468" + ZWJ + "\U0001F469" + ZWJ + "\U0001F467" + ZWJ + "\U0001F466"
rainbow = "\U0001F3F3" + VS16 + ZWJ + "\U0001F308"
coder = "\U0001F469\U0001F3FD" + ZWJ + "\U0001F4BB"
heart_fire = "\u2764" + VS16 + ZWJ + "\U0001F525"
cook = "\U0001F9D1" + ZWJ + "\U0001F373"
runner = "\U0001F3C3\U0001F3FB" + ZWJ + "\u2640" + VS16
keycap1 = "1" + VS16 + "\u20e3"
keycap2 = "2" + VS16 + "\u20e3"
keycap3 = "3" + VS16 + "\u20e3"

write("b-plain-059.md", f"""---
title: Family newsletter — summer
tags: [family, newsletter]
---

# The Okonkwo-Baker summer update {family}

Hello everyone! A quick round-up before school starts again.

{keycap1} **Ada** got her first job at the café {cook} and is now an expert in
oat flat whites.

{keycap2} **Mum** started coding lessons {coder} and built a website for the
allotment society.

{keycap3} **Dad** ran his first 10k {runner} (well, that's Ada in the emoji,
but you get it) — 58 minutes!

We went to Pride in the city centre {rainbow} and then had a picnic.

Finally: Grandma and Grandpa celebrated 50 years {heart_fire} — photos in the
shared album.

Love to all ❤️
""")

write("b-plain-060.md", f"""# Six Nations — away trip planning

Who's playing where this year (flags for the group chat):

| Round | Match | Venue |
|---|---|---|
| 1 | {flag_sub('gbwls')} Wales v {flag_sub('gbsct')} Scotland | Cardiff |
| 2 | {flag_sub('gbeng')} England v {flag_sub('gbwls')} Wales | Twickenham |
| 3 | {flag('IE')} Ireland v {flag('FR')} France | Dublin |
| 4 | {flag('IT')} Italy v {flag_sub('gbsct')} Scotland | Rome |
| 5 | {flag('FR')} France v {flag_sub('gbeng')} England | Lyon |

We're going to Rome {flag('IT')} for round 4: flights from Edinburgh on the
Friday, back Sunday evening. Rory is sorting tickets.

Kit list: scarf, kilt (Callum, no excuses), rain jacket.
""")

write("b-plain-061.md", f"""---
title: قرمه{ZWNJ}سبزی
tags: [آشپزی]
---

# قرمه{ZWNJ}سبزی مامان

مواد لازم:

- گوشت گوسفندی خورشتی: ۵۰۰ گرم
- سبزی قرمه{ZWNJ}سبزی (تره، جعفری، گشنیز، شنبلیله): ۴۰۰ گرم
- لوبیا قرمز: یک پیمانه، از شب قبل خیس شده
- لیمو عمانی: ۵ عدد
- پیاز، زردچوبه، نمک و فلفل

طرز تهیه:

۱. پیاز را خلال می{ZWNJ}کنیم و با زردچوبه تفت می{ZWNJ}دهیم.
۲. گوشت را اضافه می{ZWNJ}کنیم تا رنگش عوض شود، بعد لوبیا و آب.
۳. سبزی را جداگانه سرخ می{ZWNJ}کنیم تا عطرش بلند شود.
۴. سبزی و لیمو عمانی را اضافه می{ZWNJ}کنیم و دو ساعت با حرارت کم می{ZWNJ}پزیم.

با برنج کته و ته{ZWNJ}دیگ سرو می{ZWNJ}شود.
""")

write("b-plain-062.md", f"""# یادداشت{ZWNJ}های روزانه

سه{ZWNJ}شنبه، ۱۲ مهر

صبح با نرگس رفتیم کوه{ZWNJ}پیمایی در درکه. هوا خنک بود و برگ{ZWNJ}ها تازه زرد
شده بودند. در راه برگشت چای و بیسکویت خوردیم.

عصر کتاب «سووشون» را تمام کردم. پایانش را دوست داشتم، هرچند غمگین بود.

کارهای فردا:

- خرید میوه و نان سنگک
- تماس با مادربزرگ
- فرستادن عکس{ZWNJ}ها برای خانواده
""")

write("b-plain-063.md", f"""---
title: Hebrew class notes / הערות משיעור עברית
tags: [language, hebrew]
---

# Lesson 7

New words:

- שלום{LRM} (shalom) — hello, peace
- תודה רבה{LRM} (toda raba) — thank you very much
- בוקר טוב{LRM} (boker tov) — good morning
- איפה התחנה?{LRM} (eifo ha-tachana?) — where is the station?

Sentence of the week:

{RLM}אני לומד עברית כבר שלושה חודשים.{RLM}
(I have been learning Hebrew for three months.)

Homework: page 42, exercises 1–4. Next class on Sunday at 18:00.
""")

write("b-plain-064.md", f"""# محضر اجتماع لجنة الحي

التاريخ: ١٤ شعبان — الساعة ٧:٠٠ مساءً

الحضور: ١٢ عضوًا

١. تنظيف الحديقة العامة يوم الجمعة القادم الساعة ٨ صباحًا.
٢. جمع التبرعات لإصلاح الإنارة: تم جمع ٣٬٤٥٠ ريالًا حتى الآن.
٣. اقتراح إنشاء مجموعة واتساب للإعلانات فقط ({LRM}WhatsApp{LRM}).
٤. موعد الاجتماع القادم: بعد شهر.

شكرًا لجميع الحضور.
""")

write("b-plain-065.md", f"""---
title: Artikel für die Vereinszeitung
tags: [verein, text]
---

# Ein Sommer auf der Donau

Die Donau{SHY}dampf{SHY}schiff{SHY}fahrts{SHY}gesellschaft gibt es so nicht mehr,
aber unsere Vereins{SHY}fahrt von Regensburg nach Passau hatte trotzdem etwas
Nostalgisches. Zwölf Mitglieder, drei Boote, fünf Tage.

Am zweiten Tag mussten wir wegen Hoch{SHY}wasser{SHY}warnung einen Ruhetag
einlegen. Die Gast{SHY}wirt{SHY}schaft am Ufer hat uns mit Dampf{SHY}nudeln
gerettet.

(Die weichen Trennstriche sind für den Satz der Zeitung eingefügt, damit die
langen Wörter in den schmalen Spalten sauber umbrechen.)
""")

thai = ZWSP.join(["วันนี้", "ไป", "ตลาด", "น้ำ", "กับ", "แม่"])
thai2 = ZWSP.join(["ซื้อ", "มะม่วง", "ข้าวเหนียว", "และ", "ดอกไม้"])
write("b-plain-066.md", f"""# บันทึกประจำวัน

{thai}
{thai2}

สิ่งที่ต้องทำพรุ่งนี้:

- จ่ายค่าไฟ
- โทรหายาย
- ซักผ้า

(ใส่ตัวแบ่งคำแบบมองไม่เห็นไว้เพื่อให้ตัดบรรทัดถูกต้องในแอป)
""")

write("b-plain-067.md", f"""---
title: मराठी शब्द टिपणे
tags: [भाषा]
---

# शब्दसंग्रह

- र{chr(0x94d)}{ZWJ}या — ZWJ वापरून "र" चे अर्धे रूप (eyelash ra)
- क्{ZWNJ}ष — ZWNJ मुळे जोडाक्षर तुटते (क्ष ऐवजी)
- विद्यार्थी — student
- पुस्तक — book

लिहिताना काही अक्षरांचे रूप बदलण्यासाठी ZWJ/ZWNJ वापरले जातात; कीबोर्डवर
ते आपोआप येतात.
""")

write("b-plain-068.md", f"""# باورچی خانے کی فہرست

- آٹا، چاول، دال
- سبزیاں: آلو، پیاز، ٹماٹر
- دہی اور دودھ
- مصالحے: ہلدی، زیرہ، گرم{ZWNJ}مصالحہ
- چائے کی پتی

جمعہ کو بازار جانا ہے۔ امی نے کہا ہے کہ آم ضرور لانا۔
""")

write("b-plain-069.md", f"""chat export — "Pho Friday" group

[12:01] Minh: lunch at the new place? {cook}
[12:02] Ji-woo: yes!! 🙌🏽
[12:02] Carla: in, but I have a call at 1 ☺️
[12:03] Minh: booked for 4 ✔️
[12:05] Ji-woo: 오늘 날씨 좋다 ☀️ let's walk
[12:06] Carla: {flag('BR')} vs {flag('JP')} match tonight, anyone watching?
[12:06] Minh: {family} family dinner for me sorry
[12:07] Ji-woo: {heart_fire} ok next time
""")

write("b-plain-070.md", f"""---
title: Préparation de l'oral
tags: [études]
---

# Oral de français{NNBSP}: plan

Sujet{NNBSP}: «{NNBSP}Faut-il avoir peur de l'ennui{NNBSP}?{NNBSP}»

1. L'ennui comme menace{NNBSP}: Pascal, le divertissement.
2. L'ennui comme condition de la création{NNBSP}: Proust, la madeleine.
3. Ouverture{NNBSP}: les écrans et la fin de l'ennui{NNBSP}?

Durée{NNBSP}: 10{NBSP}minutes, puis 10{NBSP}minutes de questions.

(Espaces fines insécables avant «{NNBSP};{NNBSP}: ! ?{NNBSP}», comme le veut la
typographie française.)
""")
