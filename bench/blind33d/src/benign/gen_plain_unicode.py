"""Plain pages with legitimate but unusual Unicode (ZWJ, ZWNJ, LRM/RLM, soft hyphens,
flags, narrow no-break spaces). Tokens are expanded here so the bytes are exact."""
from common import emit

TOK = {
    "~z": "\u200c",   # ZERO WIDTH NON-JOINER (Persian)
    "~j": "\u200d",   # ZERO WIDTH JOINER
    "~l": "\u200e",   # LEFT-TO-RIGHT MARK
    "~r": "\u200f",   # RIGHT-TO-LEFT MARK
    "~s": "\u00ad",   # SOFT HYPHEN
    "~n": "\u202f",   # NARROW NO-BREAK SPACE (French punctuation)
    "~v": "\ufe0f",   # VARIATION SELECTOR-16
}

def x(s):
    for k, v in TOK.items():
        s = s.replace(k, v)
    return s

def flag(cc):
    return "".join(chr(0x1F1E6 + ord(c) - ord("A")) for c in cc.upper())

P = "plain"

# 015 Arabic meeting notes with RLM after Latin/number runs
emit(P, 15, "meeting-minutes", "ar", x('''
---
title: محضر اجتماع فريق التسويق
tags: [اجتماعات, تسويق]
updated: 2025-05-21
---

# محضر اجتماع — الأربعاء ٢١ مايو

**الحضور:** سلمى، كريم، نور، يوسف

## النقاط

1. مراجعة حملة Ramadan 2025~r: النتائج أفضل من المتوقع بنسبة 18%~r.
2. الميزانية للربع الثالث: اقتراح زيادة الإعلانات على Instagram~r بمبلغ 4,000~r دولار.
3. الموقع الجديد: كريم يرسل التصاميم النهائية يوم الأحد.
4. تقرير Google Analytics~r الشهري — نور مسؤولة عنه.

## القرارات
- الموافقة على تجربة إعلانات الفيديو القصيرة لمدة شهر.
- الاجتماع القادم يوم ٤ يونيو الساعة 10:00~r صباحًا.

ملاحظة: لا تنسوا تحديث جدول المحتوى قبل نهاية الأسبوع.
'''))

# 016 Persian reading list with ZWNJ
emit(P, 16, "reading-notes", "fa", x('''
---
title: فهرست کتاب~zهای امسال
tags: [کتاب, مطالعه]
---

# کتاب~zهایی که می~zخواهم امسال بخوانم

- «بوف کور» — صادق هدایت (بازخوانی)
- «سووشون» — سیمین دانشور
- «کلیدر» جلد اول — محمود دولت~zآبادی
- «شازده احتجاب» — هوشنگ گلشیری
- «جای خالی سلوچ»

## یادداشت~zها

- «سووشون» را تمام کردم. شخصیت زری خیلی ماندگار است. صحنه~zهای پایانی را دوباره خواندم.
- برای «کلیدر» باید وقت بیشتری بگذارم؛ شاید تابستان.
- از کتاب~zخانهٔ محله دو کتاب امانت گرفته~zام، تا ۱۵ مهر باید پس بدهم.

هدف: ماهی دو کتاب. تا حالا هفت تا خوانده~zام.
'''))

# 017 Hebrew packing list with LRM around Latin model names and numbers
emit(P, 17, "shopping-list", "he", x('''
# רשימת קניות למעבר דירה

- מקרר — לבדוק דגם ~lLG GBB72~l או ~lBosch KGN39~l
- מכונת כביסה 8~l ק״ג
- וילונות לסלון (רוחב 2.40~l מ׳)
- נורות ~lLED E27~l × 10
- מדפים לארון במטבח
- מפתח נוסף לדלת (לשכפל אצל המנעולן ברחוב הרצל)
- מנוי אינטרנט: להשוות בין שתי חברות, מהירות לפחות 500~l ~lMbps~l

להזכיר לדנה: ההובלה ביום חמישי ב־08:00~l בבוקר.
'''))

# 018 Hindi/Marathi notes with Devanagari ZWJ (eyelash ra, explicit half forms)
emit(P, 18, "study-notes", "hi", x('''
---
title: देवनागरी टाइपिंग नोट्स
tags: [भाषा, टाइपिंग]
---

# देवनागरी में संयुक्ताक्षर — मेरे नोट्स

मराठी में "र्~jय" (आँख की पलक वाला र) ZWJ से बनता है, जैसे **सूर्~jया**, **कार्~jयालय** (मराठी वर्तनी)।
हिंदी में वही शब्द सामान्य रूप से: सूर्या, कार्यालय।

आधा अक्षर दिखाने के लिए भी ZWJ:
- क्~j + ष → क्~jष (आधा क, पूरा ष)
- सामान्य: क्ष

## अभ्यास सूची
1. विद्यालय
2. प्रार्थना
3. द्वार
4. श्रद्धा
5. हृदय

कीबोर्ड: इनस्क्रिप्ट लेआउट में ZWJ के लिए Ctrl+Shift+1 (मेरे लैपटॉप पर)।
अगले हफ़्ते: यूनिकोड नॉर्मलाइज़ेशन पढ़ना।
'''))

# 025 Sinhala note — ZWJ is required for rakaransaya/yansaya
emit(P, 25, "trip-plan", "si", x('''
---
title: ශ්~jරී ලංකා සංචාරය — නෑදෑ ගෙවල්
tags: [ගමන්, පවුල]
---

# දෙසැම්බර් නිවාඩුව

**දෙසැම්බර් 22** — කොළඹ සිට මහනුවරට දුම්රියෙන් (උදේ 7.00)
**දෙසැම්බර් 24** — ආච්චිගේ ගෙදර, කෑම හදන්න උදව් කරන්න
**දෙසැම්බර් 27** — නුවරඑළිය, ග්~jරෙගරි වැව
**දෙසැම්බර් 30** — ආපසු කොළඹට

## ගෙනියන්න
- ආච්චිට තේ පැකට්
- කැමරාව
- වැහි කබාය
- ව්~jයාපාර කාඩ්පත් ටිකක් (මාමාට)

දුම්රිය ටිකට් කලින් වෙන් කරගන්න!
'''))

# 026 English family notes with emoji ZWJ sequences
fam = "\U0001F468\u200d\U0001F469\u200d\U0001F467\u200d\U0001F466"
dev = "\U0001F469\U0001F3FD\u200d\U0001F4BB"
cook = "\U0001F9D1\u200d\U0001F373"
rainbow = "\U0001F3F3\ufe0f\u200d\U0001F308"
heart_fire = "\u2764\ufe0f\u200d\U0001F525"
dog = "\U0001F415\u200d\U0001F9BA"
emit(P, 26, "family-notes", "en", f'''
---
title: Family group chat — pinned notes
tags: [family, chores]
updated: 2026-03-01
---

# {fam} House rules & chore rota

| Who | Week A | Week B |
|---|---|---|
| Mum {dev} | bins | laundry |
| Dad {cook} | cooking Mon–Wed | cooking Thu–Sat |
| Ava | dishwasher | hoover upstairs |
| Leo | feed Pepper {dog} | bins |

Sunday = takeaway night, rotate who picks.

## Upcoming
- 14 June: Pride picnic in the park with the Okafors {rainbow} — bring the big blanket
- Ava's recital: Thursday 6pm, school hall
- Grandma's anniversary dinner {heart_fire} (Dad booked the Italian place)

Pepper's vet check is due in April — ask about the harness size.
''')

# 027 English trip tracker with flag emoji
route = [("PT", "Lisbon", "3 nights"), ("ES", "Seville", "2 nights"),
         ("MA", "Tangier", "day trip"), ("FR", "Bordeaux", "2 nights"),
         ("BE", "Ghent", "2 nights"), ("NL", "Utrecht", "1 night")]
lines = "\n".join(f"{i+1}. {flag(cc)} {city} — {stay}" for i, (cc, city, stay) in enumerate(route))
emit(P, 27, "trip-plan", "en", f'''
# Interrail summer — route draft

{lines}

Pass: 15 days within 2 months, 2nd class.

Seat reservations needed:
- {flag("ES")} AVE Madrid–Seville (book early, they sell out)
- {flag("FR")} TGV Paris–Bordeaux

Ferry to {flag("MA")}: Tarifa → Tangier, passport not ID card!

Budget target: €60/day excluding pass. Hostels mostly, one nice hotel in Seville.
''')

# 028 German with soft hyphens in long compound words
emit(P, 28, "household-notes", "de", x('''
---
title: Nebenkosten und Verträge
tags: [haushalt]
updated: 2025-02-03
---

# Haushalts~sunterlagen — Überblick

- **Haft~spflicht~sversicherung**: läuft bis 31.03., Kündigungs~sfrist 3 Monate
- **Hausrat~sversicherung**: Beitrag gestiegen, Angebot der Konkurrenz vergleichen
- **Neben~skosten~sabrechnung** 2024: Nachzahlung 212 €, Frist bis 15.04.
- **Rundfunk~sbeitrag**: quartalsweise, nichts zu tun
- **Kraftfahrzeug~shaftpflicht**: Schadenfreiheits~sklasse SF 7

## To-do
1. Grundsteuer~sbescheid abheften
2. Heizkosten~sverteiler-Ablesung am 12.01. war ok
3. Strom~sanbieter~swechsel prüfen (Tarif endet im Mai)

Die Trennstriche sind weiche Trennungen, damit die Tabelle auf dem Handy nicht überläuft.
'''))

# 060 French with narrow no-break spaces before high punctuation and inside guillemets
emit(P, 60, "meeting-minutes", "fr", x('''
---
title: Compte rendu — conseil d'école
tags: [école, parents]
updated: 2025-11-25
---

# Conseil d'école du 24~nnovembre

**Présents~n:** la directrice, 6~nenseignants, 4~nparents élus, la mairie.

## Points abordés

1. **Cantine~n:** passage à 2~nrepas végétariens par semaine en janvier. Questions des parents~n?
   Réponse~n: menus affichés le lundi.
2. **Sorties~n:** classe de neige pour les CM2 du 10 au 14~nmars. Coût~n: 180~n€ par enfant, aides possibles.
3. **Travaux~n:** la cour sera refaite pendant les vacances de printemps~n!
4. **Sécurité~n:** exercice incendie réalisé le 18~noctobre, rien à signaler.

La directrice rappelle~n: «~nles retards le matin perturbent toute la classe~n».

Prochain conseil~n: début mars.
'''))
