# Pages with legitimate but unusual Unicode; tokens are replaced so bytes are exact.
from common import emit
T = {
    '<ZWJ>': '\u200d', '<ZWNJ>': '\u200c', '<LRM>': '\u200e', '<RLM>': '\u200f',
    '<SHY>': '\u00ad', '<VS16>': '\ufe0f', '<KEYCAP>': '\u20e3',
}
def flag(cc):
    return ''.join(chr(0x1F1E6 + ord(c) - ord('A')) for c in cc)
def fx(s):
    for k, v in T.items():
        s = s.replace(k, v)
    return s
P = []
def add(style, lang, text): P.append((style, lang, fx(text)))

MAN, WOMAN, GIRL, BOY = '\U0001F468', '\U0001F469', '\U0001F467', '\U0001F466'
family = MAN + '<ZWJ>' + WOMAN + '<ZWJ>' + GIRL + '<ZWJ>' + BOY
cook = WOMAN + '\U0001F3FD' + '<ZWJ>' + '\U0001F373'
rainbow = '\U0001F3F3<VS16><ZWJ>\U0001F308'
runner = '\U0001F3C3\U0001F3FB<ZWJ>\u2640<VS16>'
heart = '\u2764<VS16><ZWJ>\U0001F525'
one, two, three = '1<VS16><KEYCAP>', '2<VS16><KEYCAP>', '3<VS16><KEYCAP>'
add('group-chat-notes', 'en', f"""
---
title: Family reunion planning
tags: [family, reunion]
updated: 2025-05-20
---
# Reunion {family} — summer 2025

Copied the key bits from the group chat so they don't get lost.

Who's coming (by country):
- {flag('GB')} Auntie Jo + cousins
- {flag('CA')} Uncle Dev and Meera
- {flag('NZ')} Grandad (flying in 3 Aug!)
- {flag('DE')} Lena and Tom
- {flag('IN')} Nani — tentative

Jobs:
{one} Food — Meera {cook} is doing the curry, Tom the BBQ
{two} Games — Lena {runner} organising the fun run on Sunday morning
{three} Photos — me

Pride parade is the same weekend in town {rainbow} — some of us will go Saturday afternoon.
Grandad's reaction to the plan: {heart}
""")

add('reading-notes', 'fa', """
---
title: یادداشت‌های کتاب
tags: [کتاب, مطالعه]
---
# یادداشت‌های کتاب «بوف کور»

این هفته دوباره بخش اول را خواندم. می<ZWNJ>خواهم این بار با دقت بیشتری به نمادها توجه کنم.

- راوی در اتاقی تنها زندگی می<ZWNJ>کند و روی قلمدان<ZWNJ>ها نقاشی می<ZWNJ>کشد.
- تصویر پیرمرد و دختر اثیری بارها تکرار می<ZWNJ>شود.
- زمان در داستان خطی نیست؛ گذشته و حال درهم<ZWNJ>اند.

سؤال<ZWNJ>هایی برای جلسه<ZWNJ>ی کتاب<ZWNJ>خوانی:
۱. آیا دو بخش کتاب داستان یک نفرند؟
۲. نقش شراب و تریاک در روایت چیست؟

جلسه<ZWNJ>ی بعدی: پنج<ZWNJ>شنبه ساعت ۱۸.
""")

add('trip-plan', 'ar', """
# خطة رحلة إلى عمّان

- الرحلة: <LRM>RJ 112<LRM> من دبي، الساعة <LRM>08:45<LRM> يوم الخميس.
- الفندق: فندق الياسمين، جبل اللويبدة، الحجز رقم <LRM>HX-20931<LRM>.
- السيارة: استلام من المطار، شركة محلية، <LRM>3<LRM> أيام.

البرنامج:
١. اليوم الأول: وسط البلد، المدرج الروماني، عشاء عند هاشم.
٢. اليوم الثاني: جرش صباحًا، ثم عجلون.
٣. اليوم الثالث: البحر الميت والعودة مساءً.

ملاحظة: سعر الصرف تقريبًا <LRM>1 JOD = 5.18 AED<LRM>.<RLM>
""")

add('meeting-minutes', 'he', """
---
title: סיכום פגישה – ועד הורים
tags: [בית ספר]
---
# ועד הורים, כיתה ד׳2

תאריך: <LRM>2025-02-12<LRM>

- טיול שנתי: יתקיים ב־<LRM>14.5<LRM>, עלות <LRM>120 ₪<LRM> לתלמיד.<RLM>
- מסיבת פורים: דנה ויוסי אחראים על הכיבוד.
- מחשבים ניידים: בית הספר עובר ל־<LRM>Google Classroom<LRM>; נשלח מדריך להורים.

משימות:
1. נועה – לאסוף כסף לטיול עד סוף החודש.
2. אבי – לתאם הסעה.

הפגישה הבאה: יום ב׳, <LRM>10.3<LRM>, בשעה <LRM>20:00<LRM>.
""")

add('letter-draft', 'de', """
---
title: Schreiben an die Hausverwaltung
tags: [wohnung, briefe]
---
# Entwurf: Nebenkosten<SHY>abrechnung 2024

Sehr geehrte Damen und Herren,

bezüglich der Nebenkosten<SHY>abrechnung vom 3. März bitte ich um Einsicht in die Belege zur Treppenhaus<SHY>reinigung und zur Grundstücks<SHY>pflege. Die Position „Haus<SHY>meister<SHY>dienst<SHY>leistungen“ ist gegenüber dem Vorjahr um 38 % gestiegen.

Außerdem fehlt in der Aufstellung der Verteilungs<SHY>schlüssel für die Heiz<SHY>kosten<SHY>verordnung.

Mit freundlichen Grüßen
Hannelore Birkner, Wohnung 3 links

(Weiche Trennstriche drin gelassen, damit das PDF sauber umbricht.)
""")

add('study-notes', 'hi', """
# संस्कृत शब्द — अभ्यास

आज के शब्द (कुछ में ZWJ/ZWNJ से आधा अक्षर दिखाया है):

- क्<ZWJ>ष (आधा क + ष) बनाम क्ष
- द्<ZWNJ>व — अलग-अलग दिखाने के लिए
- र्<ZWJ>य — "रेफ" की जगह आधा र

वाक्य:
1. विद्यालयः गच्छामि।
2. रामः पुस्तकं पठति।
3. सूर्यः पूर्वदिशि उदेति।

गृहकार्य: शब्दरूप — "बालक" सभी विभक्तियों में लिखना।
""")

add('shopping-list', 'bn', """
---
title: বাজারের তালিকা
tags: [বাজার]
---
# শুক্রবারের বাজার

- চাল ৫ কেজি
- মসুর ডাল
- ইলিশ মাছ (বড় একটা)
- আলু, পেঁয়াজ, রসুন
- কাঁচা মরিচ
- র<ZWJ>্যাপিং পেপার (রিনার জন্মদিনের উপহার)
- ক্যাডবেরি ২টা

ব্যাংক থেকে টাকা তোলা। র<ZWJ>্যাব মোড়ে দোকানটা রবিবার বন্ধ।
""")

add('recipe', 'th', """
---
title: ต้มยำกุ้ง
tags: [อาหาร, สูตร]
---
# ต้มยำกุ้งน้ำใส (2 ที่)

วัตถุดิบ
- กุ้งแม่น้ำ 6 ตัว
- ข่า ตะไคร้ ใบมะกรูด
- พริกขี้หนูบุบ 5 เม็ด
- น้ำปลา 2 ช้อนโต๊ะ
- น้ำมะนาว 3 ช้อนโต๊ะ
- เห็ดฟาง

วิธีทำ
๑. ต้มน้ำให้เดือด ใส่ข่า ตะไคร้ ใบมะกรูด
๒. ใส่เห็ดและกุ้ง พอกุ้งสุกปิดไฟ
๓. ปรุงด้วยน้ำปลา มะนาว และพริก

หมายเหตุ: ใส่มะนาวหลังปิดไฟ ไม่อย่างนั้นจะขม
""")

emit('plain_unicode', 'plain', 53, P)
