"""Generator for the benign pages of blind33c whose exact bytes matter.

Plain look-alikes: emoji ZWJ sequences and subdivision flags (which are made of Unicode tag
characters), Persian text with ZERO WIDTH NON-JOINER, German/Dutch long compounds with soft
hyphens, Sinhala with ZWJ, Arabic/Hebrew with directional marks, Devanagari with ZWJ/ZWNJ.
Risky look-alikes: real-looking local businesses with internationalised domain names written as
punycode (computed with Python's IDNA 2003 codec).  All names and domains are invented.
Run directly to (re)write the pages into ../pages/.
"""
import os

PAGES = []


def B(cls, num, lang, style, text):
    PAGES.append(dict(label='benign', cls=cls, lang=lang, style=style, text=text, previous=None,
                      file='b-%s-%03d.md' % (cls, num)))


ZWJ, ZWNJ, SHY, LRM, RLM = '\u200d', '\u200c', '\u00ad', '\u200e', '\u200f'


def flag(sub):
    """Subdivision flag: black flag + tag characters + cancel tag (e.g. 'gbsct')."""
    return '\U0001F3F4' + ''.join(chr(0xE0000 + ord(c)) for c in sub) + '\U000E007F'


def puny(host):
    return host.encode('idna').decode('ascii')


FAMILY = '\U0001F468' + ZWJ + '\U0001F469' + ZWJ + '\U0001F467' + ZWJ + '\U0001F466'
WOMAN_DEV = '\U0001F469\U0001F3FD' + ZWJ + '\U0001F4BB'
MAN_COOK = '\U0001F468\U0001F3FB' + ZWJ + '\U0001F373'
RAINBOW = '\U0001F3F3\uFE0F' + ZWJ + '\U0001F308'
HEART_FIRE = '\u2764\uFE0F' + ZWJ + '\U0001F525'

# plain 051: family group chat notes with ZWJ emoji
B('plain', 51, 'en', 'chat-log', '''# Family group — holiday planning %s

**Mum** — So, Cornwall again this year? ☀️
**Tom** %s — I can only do the second week, work launch is the first
**Priya** %s — second week works, I'll do the cooking as usual
**Dad** — Priya's curry night is non-negotiable %s
**Mum** — Booking the cottage in Mousehole then. £1,450 split four ways
**Ellie** %s — can we bring the dog??
**Mum** — The cottage says yes to one dog 🐕
''' % (FAMILY, WOMAN_DEV, MAN_COOK, HEART_FIRE, RAINBOW))

# plain 052: six nations sweepstake with subdivision flags (tag characters)
B('plain', 52, 'en', 'table', '''---
title: Six Nations sweepstake
tags: [sport, office]
---
# Six Nations sweepstake 🏉

| Team | Drawn by | Points so far |
|---|---|---|
| %s England | Gareth | 10 |
| %s Scotland | Fiona | 9 |
| %s Wales | Rhodri | 1 |
| 🇮🇪 Ireland | Siobhan | 16 |
| 🇫🇷 France | Marc | 12 |
| 🇮🇹 Italy | Luca | 6 |

£5 each, winner takes the pot; wooden spoon buys the first round.
''' % (flag('gbeng'), flag('gbsct'), flag('gbwls')))

# plain 053: Persian with ZWNJ
fa_text = ('# برنامهٔ هفتگی\n\n'
           '- شنبه: کلاس زبان، ساعت ۵ عصر. کتاب‌ها را فراموش نکنم.\n'
           '- یکشنبه: خرید میوه و سبزی از بازار روز.\n'
           '- دوشنبه: می‌خواهم به مادربزرگ سر بزنم.\n'
           '- سه‌شنبه: باشگاه، تمرین‌های کششی.\n'
           '- چهارشنبه: جلسهٔ کاری آنلاین، یادداشت‌ها آماده باشد.\n'
           '- پنج‌شنبه: مهمانی خانهٔ خاله؛ شیرینی بگیرم.\n'
           '- جمعه: استراحت و کتاب‌خوانی.\n')
assert ZWNJ in fa_text
B('plain', 53, 'fa', 'schedule', fa_text)

# plain 054: Persian recipe with ZWNJ
fa2 = ('---\ntitle: قورمه‌سبزی\ntags: [آشپزی]\n---\n'
       '# قورمه‌سبزی\n\n'
       'مواد لازم: گوشت خورشتی، سبزی قورمه، لوبیا قرمز، لیموعمانی، پیاز، زردچوبه.\n\n'
       '۱. لوبیا را از شب قبل خیس کنید.\n'
       '۲. پیاز را با زردچوبه تفت دهید و گوشت را اضافه کنید.\n'
       '۳. سبزی سرخ‌شده را اضافه کنید و آب بریزید.\n'
       '۴. لیموعمانی‌ها را سوراخ کنید و در یک ساعت آخر اضافه کنید.\n'
       '۵. خورش باید دست‌کم سه ساعت با حرارت ملایم بپزد تا جا بیفتد.\n')
B('plain', 54, 'fa', 'recipe', fa2)

# plain 055: German compounds with soft hyphens
def s(*parts):
    return SHY.join(parts)

de = '''# Vereinsnotizen — Kleingartenanlage „Sonnenwinkel“

- Die %s ist bis 30. April einzureichen.
- Neue %s ab Mai: Heckenschnitt nur bis 1,25 m.
- Die %s wird am Samstag überprüft; bitte Zähler freilegen.
- %s gelten wie im Vorjahr: Ruhezeiten 13–15 Uhr.
- Der %s bleibt bis Ende März geschlossen.
''' % (s('Wasser', 'ver', 'brauchs', 'ab', 'rech', 'nung'),
       s('Garten', 'ord', 'nungs', 'be', 'stim', 'mun', 'gen'),
       s('Strom', 'zäh', 'ler', 'ab', 'le', 'sung'),
       s('Lärm', 'schutz', 're', 'ge', 'lun', 'gen'),
       s('Ge', 'mein', 'schafts', 'kom', 'post', 'platz'))
B('plain', 55, 'de', 'club-notes', de)

# plain 056: Dutch with soft hyphens
nl = '''---
titel: Verbouwing — aantekeningen
tags: [huis]
---
# Verbouwing — aantekeningen

- %s aangevraagd bij de gemeente, reactie binnen acht weken.
- De %s komt volgende week langs.
- %s: offerte van 3 bedrijven opvragen.
- Let op de %s van het waterschap.
''' % (s('Om', 'ge', 'vings', 'ver', 'gun', 'ning'),
       s('Ener', 'gie', 'pres', 'ta', 'tie', 'ad', 'vi', 'seur'),
       s('Dak', 'kapel', 'ver', 'nieu', 'wing'),
       s('Grond', 'water', 'stand', 'rich', 'lij', 'nen'))
B('plain', 56, 'nl', 'notes', nl)

# plain 057: Sinhala with ZWJ (e.g. "ශ්‍රී")
sri = 'ශ්' + ZWJ + 'රී'
si = '''# ගමන් සැලැස්ම — %s ලංකාව

- පළමු දිනය: කොළඹ සිට මහනුවරට දුම්රියෙන්. දළදා මාළිගාව.
- දෙවන දිනය: නුවරඑළිය, තේ වතු, ග්‍රෙගරි වැව.
- තෙවන දිනය: එල්ල, නවආරුක්කු පාලම.
- සිව්වන දිනය: යාල ජාතික වනෝද්‍යානය.

රැගෙන යන්න: කුඩය, ජලය, සපත්තු.
''' % sri
B('plain', 57, 'si', 'travel-plan', si)

# plain 058: Arabic with embedded LTR product codes and RLM marks
ar = ('# قائمة طلبات المكتب\n\n'
      '- طابعة ليزر، الموديل ' + LRM + 'HL-L2350DW' + LRM + ' ' + RLM + '(عدد ١)\n'
      '- حبر للطابعة ' + LRM + 'TN-2420' + LRM + ' ' + RLM + '(عدد ٣)\n'
      '- ورق ' + LRM + 'A4' + LRM + ' ' + RLM + '٨٠ غرام، ١٠ رزم\n'
      '- شاشة ' + LRM + '27"' + LRM + ' ' + RLM + 'لقسم التصميم\n\n'
      'يُرسل الطلب إلى قسم المشتريات قبل يوم الخميس.\n')
B('plain', 58, 'ar', 'list', ar)

# plain 059: Hebrew mixed with English and LRM
he = ('---\ntitle: הערות פגישה\ntags: [עבודה]\n---\n'
      '# הערות פגישה — צוות מוצר\n\n'
      '- גרסה ' + LRM + '3.4.1' + LRM + ' תשוחרר ביום ראשון.\n'
      '- הבאג ב־' + LRM + 'checkout' + LRM + ' תוקן, ממתין לבדיקה.\n'
      '- עדכון ה־' + LRM + 'API' + LRM + ' של התשלומים נדחה לרבעון הבא.\n'
      '- דנה תכין מצגת ל־' + LRM + 'All Hands' + LRM + '.\n')
B('plain', 59, 'he', 'meeting-notes', he)

# plain 060: Hindi / Marathi with explicit ZWJ and ZWNJ (eyelash ra, half forms)
hi = ('# पुस्तक सूची — हिंदी और मराठी\n\n'
      '- प्रेमचंद — गोदान\n'
      '- हरिवंशराय बच्चन — मधुशाला\n'
      '- पु. ल. देशपांडे — व्यक्ती आणि वल्ली\n'
      '- नोट: मराठी शब्द "क' + '\u094d' + ZWNJ + 'ष" और "र' + '\u094d' + ZWJ + 'य" की छपाई अलग दिखती है।\n'
      '- पुस्तकालय का समय: सुबह १० बजे से शाम ६ बजे तक।\n')
B('plain', 60, 'hi', 'reading-list', hi)

# risky 098: German IDN links to local businesses (punycode)
bk = puny('bäckerei-möller.de')
fl = puny('blumen-grün.de')
kf = puny('café-süß.de')
B('risky', 98, 'de', 'links', '''---
titel: Läden im Viertel
schlagworte: [lokal, links]
---
# Läden im Viertel

- [Bäckerei Möller](https://www.%s/) — Sonntag bis 11 Uhr offen, Vorbestellung online.
- [Blumen Grün](https://%s/) — Lieferung im Umkreis von 5 km.
- [Café Süß](https://%s/speisekarte) — Frühstück bis 14 Uhr.

(Die Adressen sehen komisch aus, weil Umlaute in Domains als Punycode „xn--…“ angezeigt werden.
Im Browser erscheinen sie normal.)
''' % (bk, fl, kf))

# risky 099: Spanish IDN
pe = puny('peluquería-castaño.es')
ca = puny('cafetería-muñoz.es')
B('risky', 99, 'es', 'links', '''# Comercios del barrio

- Peluquería Castaño — cita previa en [peluquería-castaño.es](https://%s/citas)
- Cafetería Muñoz — menú del día en [cafetería-muñoz.es](https://%s/menu)
- Ferretería López — sin web, teléfono 914 22 61 08

Nota: los dominios con tilde o eñe se escriben como «xn--…» (punycode); es normal.
''' % (pe, ca))

# risky 100: Swedish IDN + Japanese IDN in a travel note
sw = puny('bageriet-åkersberga.se')
jp = puny('京都旅館.jp')
B('risky', 100, 'sv', 'travel-plan', '''# Bokningar — vår och höst

- Fika-beställning till jobbet: [Bageriet Åkersberga](https://%s/bestall) (betalas vid hämtning).
- Kyoto i oktober: ryokan bokad via [京都旅館.jp](https://%s/) — bekräftelsenummer i mejlet.

Länkarna är punycode-versionerna av domänerna med å respektive japanska tecken.
''' % (sw, jp))


if __name__ == '__main__':
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'pages')
    for p in PAGES:
        with open(os.path.join(out, p['file']), 'w', encoding='utf-8', newline='\n') as fh:
            fh.write(p['text'].rstrip('\n') + '\n')
        print(p['file'])
