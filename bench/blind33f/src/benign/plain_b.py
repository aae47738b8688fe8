# -*- coding: utf-8 -*-
"""Plain benign memory pages, part B (non-English)."""

PAGES = []


def add(style, lang, text):
    PAGES.append({"style": style, "language": lang, "text": text.lstrip("\n")})


# ---------------- German ----------------
add("recipe: Käsespätzle", "de", r"""
---
titel: Käsespätzle wie bei Oma
tags: [rezept, allgäu]
---
# Käsespätzle (4 Personen)

**Teig**
- 400 g Mehl (Type 405, Oma nahm "Spätzlemehl", geht aber auch so)
- 4 Eier
- ca. 150 ml Mineralwasser mit Kohlensäure
- 1 TL Salz, Prise Muskat

**Sonst**
- 250 g Bergkäse + 100 g Emmentaler, gerieben
- 3 große Zwiebeln, in Ringen, langsam in Butter goldbraun (20 Min.!)
- Schnittlauch

Ablauf:
1. Teig schlagen, bis er Blasen wirft. 15 Min. ruhen lassen.
2. Portionsweise durch die Spätzlepresse ins kochende Salzwasser. Wenn sie oben schwimmen → raus.
3. In der Auflaufform schichten: Spätzle, Käse, Spätzle, Käse.
4. 10 Min. bei 180 °C im Ofen, dann Röstzwiebeln drauf.

Dazu grüner Salat mit Essig-Öl. Für Jonas ohne Zwiebeln eine kleine Form extra.
""")

add("project notes: Steuererklärung", "de", r"""
# Steuererklärung 2023 — Stand

Abgabe über ELSTER, Frist wegen Steuerberater-freier Abgabe: **2. September 2024**.

## Unterlagen
- [x] Lohnsteuerbescheinigung (liegt im Ordner "Arbeit 2023")
- [x] Spendenquittungen: Ärzte ohne Grenzen 120 €, Tierheim 50 €
- [x] Handwerkerrechnung Heizungswartung (nur Arbeitskosten absetzbar: 148,50 €)
- [ ] Fahrtkosten: 2023 an 96 Tagen im Büro, 23 km einfach → Pendlerpauschale
- [ ] Arbeitszimmer/Homeoffice-Pauschale: 6 € × Tage, max. 1.260 €
- [ ] Riester-Bescheinigung (kommt per Post, angeblich im Februar verschickt — nachfragen)

## Notizen
- Letztes Jahr Erstattung 612 €. Bescheid hat 7 Wochen gedauert.
- Fortbildung (Python-Kurs, 390 €) als Werbungskosten — Rechnung liegt im Mail-Postfach.
- Kirchensteuer: ausgetreten seit 04/2022, Bescheinigung vom Standesamt im Ordner.
""")

# ---------------- French (unicode: narrow no-break spaces) ----------------
add("unicode: French meeting notes with narrow no-break spaces", "fr",
"""---
titre: Réunion de copropriété
date: 2024-06-18
---
# Assemblée générale — résidence Les Tilleuls

Présents\u202f: 14 copropriétaires sur 22 (quorum atteint).

**Ordre du jour**
1. Ravalement de façade\u202f: trois devis reçus (Bâti-Rénov 48\u202f200\u00a0€, Façades du Rhône 51\u202f900\u00a0€, Martin & Fils 46\u202f750\u00a0€).
   → Vote\u202f: Martin & Fils retenu, 11 pour, 2 contre, 1 abstention.
2. Local vélos\u202f: on installe 12 arceaux supplémentaires. Enfin\u202f!
3. Ascenseur\u202f: le contrat d’entretien passe chez Otis au 1er janvier.
4. Questions diverses\u202f: Mme Garnier signale encore les nuisances du 3e étage — le syndic enverra un courrier.

«\u00a0On ne refera pas l’erreur de 2019\u00a0», a dit M. Perrin (celle du devis non signé).

À faire pour moi\u202f:
- transmettre le PV à Claire (absente)\u202f;
- vérifier l’appel de fonds du 2e trimestre — 412,30\u00a0€ ?
""")

add("travel notes: Bretagne", "fr", r"""
# Vacances en Bretagne — juillet

**Logement** : gîte à Plougrescant, du 13 au 27 juillet. Propriétaire : M. Le Goff, clés chez la voisine.

## Idées
- Sentier des douaniers (GR34) entre Ploumanac'h et Trégastel — prévoir la matinée, marée basse vers 10 h le 15.
- Île de Bréhat : vélos à louer sur place, réserver la vedette la veille.
- Crêperie Ty Maï à Tréguier — les enfants veulent la complète + la caramel beurre salé.
- Marché de Lannion le jeudi.

## Check-list voiture
- coupe-vent pour tout le monde (il pleuvra, c'est sûr)
- crème solaire quand même
- épuisette pour la pêche à pied, seau
- livres pour Lou (elle a fini *Les Enquêtes d'Enola Holmes*)

Budget visé : 1 800 € tout compris hors location.
""")

# ---------------- Spanish ----------------
add("recipe: tortilla de patatas", "es", r"""
---
título: Tortilla de patatas (la de mamá)
etiquetas: [receta, cena]
---
Ingredientes para 4:
- 6 huevos grandes
- 700 g de patatas (mejor tipo Monalisa o Agria)
- 1 cebolla grande — sí, con cebolla, que en esta casa no se discute
- aceite de oliva suave, sal

Pasos:
1. Pelar y cortar las patatas en láminas finas irregulares. La cebolla en juliana.
2. Pochar en mucho aceite a fuego medio-bajo, 20–25 min, que se deshagan un poco, no que se frían.
3. Escurrir bien (guardar el aceite para la próxima vez).
4. Batir los huevos con sal, mezclar con la patata caliente y dejar reposar 10 min.
5. Sartén de 24 cm con una cucharada de aceite, fuego fuerte 1 min, bajar, cuajar 3–4 min.
6. Darle la vuelta con el plato (¡con confianza!) y 2 min más.

Punto: jugosa por dentro. A Javi le gusta más hecha; a él le dejo un minuto extra.
""")

add("reading list", "es", r"""
# Lista de lectura 2024

## Leyendo
- *Cien años de soledad* — relectura antes de ver la serie de Netflix.
- *Sapiens* — Harari, por la mitad. Capítulo de la revolución agrícola muy bueno.

## Pendientes
- *La ridícula idea de no volver a verte* — Rosa Montero (me lo regaló Lucía)
- *Patria* — Fernando Aramburu
- *El infinito en un junco* — Irene Vallejo
- *Los detectives salvajes* — Bolaño (gordo; para el verano)

## Terminados
| Libro | Nota | Comentario |
|---|---|---|
| Nada — Carmen Laforet | 9 | Barcelona de posguerra, atmósfera increíble |
| El olvido que seremos — Abad Faciolince | 10 | lloré en el tren |
| La sombra del viento — Ruiz Zafón | 7 | entretenido, algo largo |

Club de lectura: segundo jueves de cada mes en la biblioteca de Chamberí, 19 h.
""")

# ---------------- Italian ----------------
add("travel notes: Sicilia", "it", r"""
# Sicilia, 3–12 settembre

Volo Milano Linate → Catania, ITA AZ1725, 9:10. Auto a noleggio (Sicily by Car) ritiro in aeroporto.

## Itinerario
- 3–5: Catania + Etna (escursione ai crateri del 2002, guida prenotata per il 4 alle 8:30)
- 6: Taormina, bagno all'Isola Bella
- 7–9: Siracusa, Ortigia. Mercato la mattina, Teatro Greco.
- 10: Noto e Marzamemi
- 11–12: Ragusa Ibla, rientro da Catania.

## Da mangiare assolutamente
- arancini (a Catania si dice "arancino", ricordarsi!)
- granita alle mandorle con brioche a colazione
- pasta alla Norma
- cannoli da Pasticceria Costanzo a Noto? — chiedere a Giulia conferma

Note: ad agosto/settembre le ZTL a Siracusa sono attive anche di sera, parcheggiare fuori Ortigia.
""")

add("daily log", "it", r"""
## Lunedì 14 ottobre

- Sveglia 6:45. Palestra saltata (di nuovo).
- Riunione con il cliente di Bergamo: vogliono anticipare la consegna al 15 novembre. Ho detto che ci sentiamo venerdì con una stima seria.
- Pranzo con Chiara. Si sposa a maggio! Sono testimone.
- Pomeriggio: sistemato il preventivo per lo studio Ferri.
- Chiamato il tecnico per la caldaia, viene giovedì tra le 8 e le 12.

## Martedì 15 ottobre

- Pioggia tutto il giorno. Lavorato da casa.
- Finita la prima bozza della relazione trimestrale.
- Sera: cena dai miei, papà ha fatto il risotto con la zucca.
- Da ricordare: regalo per il compleanno di Marco (sabato). Idea: il libro di fotografia di Ghirri.
""")

# ---------------- Portuguese ----------------
add("meeting notes", "pt", r"""
---
tipo: reunião
data: 2024-05-07
participantes: [Ana, Rui, Beatriz, eu]
---
# Reunião semanal — equipa de marketing

**Pontos**
1. Campanha de verão: o vídeo fica pronto dia 20. A Beatriz trata da legendagem em inglês e espanhol.
2. Orçamento do Q3: cortar 15% nos anúncios pagos; reforçar a newsletter.
3. Feira de Braga (junho): precisamos de 2 pessoas no stand nos dias 14 e 15. Rui e eu.

**Decisões**
- O novo logótipo só entra em setembro.
- Reuniões passam a ser às terças às 10h, 30 minutos no máximo.

**Tarefas**
- [ ] Ana — enviar briefing à agência até sexta
- [ ] Rui — reservar o stand e o alojamento em Braga
- [ ] eu — atualizar o calendário editorial de junho
""")

add("shopping list", "pt", r"""
# Lista de compras — churrasco de sábado

Somos 12 (confirmar se o primo do Lucas vem).

**Açougue**
- picanha 2 kg
- linguiça toscana 1,5 kg
- coração de frango 1 kg
- pão de alho (3 pacotes)

**Mercado**
- carvão 2 sacos
- sal grosso
- farofa pronta (ou fazer — ver se dá tempo)
- vinagrete: tomate, cebola, pimentão, vinagre
- gelo 4 sacos
- cerveja, guaraná, água com gás

**Para a Júlia (vegetariana)**
- queijo coalho
- cogumelos grandes, abobrinha

Sobremesa: a Tia Lurdes traz o pudim.
""")

# ---------------- Dutch ----------------
add("moving checklist", "nl", r"""
# Verhuizing naar Utrecht — checklist

Datum: **zaterdag 30 november**. Busje gereserveerd bij de Hertz op de Overtoom (08:00–18:00).

## Vooraf
- [x] Huurcontract getekend
- [x] Opzegging oude huur (1 maand, per 1 december)
- [ ] Adreswijziging gemeente (kan 4 weken voor tot 5 dagen na)
- [ ] Energie overzetten (Vattenfall), meterstanden op de dag zelf fotograferen
- [ ] Internet: Ziggo installatie op 2 december, tussen 8 en 13
- [ ] PostNL doorstuurservice, 3 maanden

## Helpers
Bram, Sanne, Koen (na 11 uur), mijn vader met de aanhanger.
Pizza + bier voor iedereen, en een bos bloemen voor Sanne (jarig die week).

## Niet vergeten
- Fietsen: kelderbox leegmaken!
- Sleutels inleveren bij makelaar maandag 2 december.
""")

add("cycling route notes", "nl", r"""
---
titel: Fietsroute Vechtstreek
afstand: 62 km
---
Vertrek Utrecht Centraal, knooppunten: 33 – 36 – 61 – 14 – 22 – 57 – 33.

- Langs de Vecht via Maarssen en Breukelen; mooie buitenplaatsen (Goudestein, Gunterstein).
- Koffie bij Het Oude Veerhuis in Nigtevecht (appeltaart is top, terras aan het water).
- Terug via Loenen en de Loosdrechtse Plassen — veel wind op de dijk, zeker met zuidwest.
- Pontje bij Nigtevecht vaart alleen in het weekend buiten de zomer.

Volgende keer: andersom rijden, dan heb je de wind in de rug terug.
Banden: achterband ging zacht na 40 km — nieuwe binnenband kopen (28-622).
""")

# ---------------- Polish ----------------
add("recipe: pierogi", "pl", r"""
# Pierogi ruskie — przepis babci Hani

**Ciasto** (ok. 50 sztuk)
- 500 g mąki pszennej
- 250 ml ciepłej wody
- 2 łyżki oleju
- szczypta soli

**Farsz**
- 1 kg ziemniaków ugotowanych
- 400 g twarogu półtłustego
- 2 duże cebule zeszklone na maśle
- sól, dużo pieprzu

1. Ciasto wyrobić, aż będzie gładkie i elastyczne, odpocząć 30 min pod miską.
2. Ziemniaki przecisnąć przez praskę, wymieszać z twarogiem i cebulą.
3. Rozwałkować cienko, wykrawać szklanką, nakładać farsz, dobrze zlepiać brzegi.
4. Gotować partiami w osolonej wodzie, 2 min od wypłynięcia.
5. Podawać z cebulką i skwarkami albo kwaśną śmietaną.

Uwaga: babcia dodaje łyżeczkę masła do ciasta — wtedy jest miększe. Nadmiar mrozić na tacce, potem do woreczka.
""")

add("project notes: garage renovation", "pl", r"""
---
tytuł: Remont garażu
status: w trakcie
---
## Zakres
- Wylewka samopoziomująca (18 m²)
- Nowa brama segmentowa (Wiśniowski, zamówiona — dostawa 6–8 tygodni)
- Regały na ścianie wschodniej, stół warsztatowy
- Oświetlenie LED, 2 gniazda więcej

## Budżet
| Pozycja | Kwota |
|---|---|
| Brama z montażem | 7 900 zł |
| Wylewka (materiał) | 1 150 zł |
| Elektryk (p. Zbyszek) | 1 400 zł |
| Regały | ok. 900 zł |
| **Razem** | **ok. 11 350 zł** |

## Notatki
- Elektryk może w sobotę 19.10 od 8:00.
- Wylewka musi schnąć min. 7 dni zanim postawimy regały.
- Zapytać Marka o pożyczenie mieszadła do zaprawy.
""")

# ---------------- Czech ----------------
add("holiday notes", "cs", r"""
# Dovolená — Šumava, srpen

Chata u Kvildy, 10.–17. 8. Majitelka paní Nováková, klíče ve schránce, kód pošle SMS.

## Výlety
- Pramen Vltavy a Bučina (s dětmi pohodlně, 8 km)
- Vlak Šumavskou lokálkou Kaplice – Nové Údolí? zkontrolovat jízdní řád
- Jezero Laka, koupání pokud bude teplo
- Boubínský prales — naučná stezka

## Nákup na první den
- chleba, máslo, vajíčka, šunka, sýr
- těstoviny + omáčka (rychlá večeře)
- repelent! (loni komáři u Vltavy)

Poznámka: v Kvildě je jen jeden obchod a v neděli zavírá v 11.
""")

add("reading diary", "cs", r"""
---
název: Čtenářský deník
---
## Přečteno letos

- **Saturnin** — Zdeněk Jirotka. Po letech znovu, pořád vtipné. Teta Kateřina je nejlepší postava.
- **Krysař** — Viktor Dyk. Krátké, temné, krásný jazyk.
- **Kafka na pobřeží** — Murakami. Zvláštní, nevím, jestli to chápu.
- **Hana** — Alena Mornštajnová. Silné. Doporučit mamce.

## Chci si přečíst
- Bílá Voda (Kateřina Tučková)
- Žítkovské bohyně
- Babička — ano, pořád jsem ji nedočetla celou.

Knihovna Smíchov, vrátit do 24. 10.!
""")

# ---------------- Swedish ----------------
add("midsummer planning", "sv", r"""
# Midsommar på landet — planering

Var: stugan i Roslagen. Vi blir ca 14 vuxna + 6 barn.

## Mat (vem tar vad)
- Sill (3 sorter) + gräddfil + gräslök — Eva
- Färskpotatis 5 kg, dill — jag
- Västerbottenpaj — Lars
- Jordgubbstårta — mamma (som vanligt, ingen rör den före kaffet)
- Snaps: Skåne Akvavit + hemgjord fläder (Johan)

## Att fixa
- [ ] Klipp gräset och sätt upp midsommarstången på torsdagen
- [ ] Låna extra bord från grannarna (Holmbergs)
- [ ] Sånghäften — skriv ut 15 st, "Små grodorna" först
- [ ] Myggmedel, tändvätska till grillen

Regnplan: tältet från förra året ligger i förrådet, kolla att alla pinnar finns.
""")

add("training log", "sv", r"""
---
typ: träningslogg
mål: Stockholm Marathon, 1 juni
---
| Datum | Pass | Distans | Tempo | Känsla |
|---|---|---|---|---|
| mån 4/3 | lugnt | 8 km | 5:45 | bra |
| ons 6/3 | intervaller 6×1000 | 11 km | 4:25 på intervallerna | tungt men ok |
| fre 8/3 | vila | — | — | — |
| lör 9/3 | långpass | 24 km | 5:35 | vänster vad stram sista 5 km |
| sön 10/3 | cykel | 40 min | — | återhämtning |

Anteckningar:
- Rulla vaden varje kväll. Boka massage hos Petra om det inte släpper.
- Nya skor (Asics Novablast) inköpta — använd på kortare pass först.
- Vätska på långpass: 1 gel var 45:e minut, testa samma märke som på loppet.
""")

# ---------------- Russian ----------------
add("daily journal", "ru", r"""
# Дневник

**12 октября, суббота**
Утром ездили с Лёшей на дачу закрывать сезон: слили воду, убрали шланги, укрыли розы лапником. Яблок ещё два ящика — половину отдать соседке Вере Павловне.
Вечером пересматривали «Москва слезам не верит». Всё так же хорошо.

**13 октября, воскресенье**
Позвонила маме — давление нормализовалось, новые таблетки помогают. В следующую субботу поеду к ней, отвезу банки и варенье.
Начала читать «Лавра» Водолазкина. Язык непривычный, но затягивает.

**Не забыть на неделе**
- записаться к стоматологу (пломба выпала)
- оплатить кружок Маши до 15-го
- вернуть дрель Андрею
""")

add("recipe: borscht", "ru", r"""
---
название: Борщ (как у бабушки)
порций: 6
---
Ингредиенты:
- говядина на кости — 700 г
- свёкла — 2 средние
- капуста — ¼ кочана
- картофель — 3 шт
- морковь, лук — по 1
- томатная паста — 2 ст. л.
- чеснок, лавровый лист, укроп
- уксус или лимонный сок — 1 ч. л. (чтобы свёкла не потеряла цвет)

1. Бульон варить 1,5–2 часа, снимать пену.
2. Свёклу натереть и тушить отдельно с томатной пастой и уксусом 15 минут.
3. В бульон — картофель, через 10 минут капусту.
4. Лук и морковь обжарить, добавить вместе со свёклой.
5. В конце чеснок и укроп. Дать настояться хотя бы час — на второй день вкуснее.

Подавать со сметаной и чесночными пампушками.
""")

# ---------------- Ukrainian ----------------
add("shopping list", "uk", r"""
# Покупки на тиждень

**Овочі й фрукти**
- картопля 3 кг
- цибуля, морква, буряк
- яблука (голден, для Софійки)
- банани
- зелень: кріп, петрушка

**Молочне**
- молоко 2,5% — 3 пляшки
- сир кисломолочний 500 г (на сирники в неділю)
- сметана
- масло вершкове

**Інше**
- гречка, рис
- яйця 20 шт
- хліб «Бородинський»
- корм для кота (той, що в синій пачці)
- батарейки АА для пульта

Аптека: вітамін D для мами, пластирі.
""")

add("meeting notes", "uk", r"""
---
тип: нотатки зустрічі
дата: 2024-04-16
---
# Зустріч з батьками класу 3-Б

Присутні: класна керівниця Олена Петрівна, 17 батьків.

1. **Екскурсія до Чернігова** — 24 травня. Вартість 650 грн, здати до 10 травня Ірині (батьківський комітет).
2. **Ремонт класу влітку** — потрібні фарба й нові жалюзі. Хто може допомогти руками — записатися в чаті.
3. **Випускне свято 4-го класу** наступного року — почати відкладати по 100 грн на місяць.
4. **Укриття**: нагадали, що в тривожному рюкзаку дитини має бути вода, перекус і зарядка.

Мої задачі:
- здати гроші на екскурсію
- написати Іванці, чи зможе її чоловік допомогти з жалюзі
""")

# ---------------- Turkish ----------------
add("recipe: mercimek çorbası", "tr", r"""
# Mercimek çorbası (annemin tarifi)

Malzemeler (4 kişilik):
- 1 su bardağı kırmızı mercimek
- 1 soğan, 1 havuç, 1 küçük patates
- 1 yemek kaşığı salça (biber salçası daha güzel)
- 6 su bardağı sıcak su veya tavuk suyu
- tuz, kimyon, pul biber
- üstü için: tereyağı + pul biber

Yapılışı:
1. Soğanı zeytinyağında kavur, havuç ve patatesi ekle, 5 dakika çevir.
2. Salçayı ekle, kokusu çıkana kadar kavur.
3. Yıkanmış mercimeği ve suyu ekle, 25–30 dakika kısık ateşte pişir.
4. Blenderdan geçir, kıvamına göre su ekle.
5. Tereyağını erit, pul biberi ekle, servis ederken üstüne gezdir.

Yanına limon ve kıtır ekmek. Elif nane de istiyor, kuru nane koymayı unutma.
""")

add("travel notes: Kapadokya", "tr", r"""
---
başlık: Kapadokya gezisi
tarih: 18–21 Nisan
---
**Konaklama:** Göreme'de mağara otel (Kelebek değil, yanındaki küçük olan). Check-in 14:00.

**Plan**
- Cuma: Kayseri havalimanına iniş, transfer 1 saat. Akşam Göreme'de gün batımı — Sunset Point.
- Cumartesi: sabah 05:00 balon (rezervasyon yapıldı, hava uygun olmazsa pazar sabahına kayıyor). Öğleden sonra Göreme Açık Hava Müzesi.
- Pazar: Kırmızı Tur — Uçhisar Kalesi, Paşabağ, Avanos'ta çömlek atölyesi.
- Pazartesi: Derinkuyu yeraltı şehri, sonra havalimanı.

**Notlar**
- Sabahları çok soğuk, mont şart.
- Testi kebabı denemek lazım — Avanos'taki lokanta iyiymiş.
- Müze kartı al, birkaç yerde geçiyor.
""")

# ---------------- Arabic (unicode: RTL with embedded Latin + RLM/LRM marks) ----------------
add("unicode: Arabic RTL project notes with embedded Latin terms", "ar",
"""---
title: ملاحظات مشروع تطبيق المطعم
updated: 2024-07-02
---
# مشروع تطبيق الطلبات — مطعم أبو سمير

**الحالة:** النسخة التجريبية جاهزة على TestFlight\u200f، وننتظر موافقة Google Play\u200f.

## ما تم إنجازه
- شاشة القائمة مع الصور (استخدمنا Flutter\u200f و Firebase\u200f).
- الدفع عند الاستلام فقط في المرحلة الأولى.
- دعم اللغتين العربية والإنجليزية — الاتجاه RTL\u200f يعمل بشكل صحيح الآن بعد إصلاح أيقونة السهم.

## ملاحظات من أبو سمير
- يريد إضافة «طبق اليوم» على الصفحة الرئيسية.
- أسعار المشروبات تغيّرت: الليمون بالنعناع أصبح \u200e12 JOD\u200e بدل 10.
- ساعات العمل: من 11:00 صباحًا حتى 12:00 منتصف الليل، والجمعة من بعد الصلاة.

## المهام القادمة
1. رفع الإصدار \u200ev1.0.3\u200e بعد تصحيح خطأ السلة.
2. تدريب الموظفين على لوحة الطلبات يوم الأحد.
3. طباعة رمز QR\u200f للطاولات (٢٠ طاولة).
""")

add("recipe: مجدرة", "ar", r"""
# مجدّرة — وصفة ستّي

المقادير:
- كوب عدس بني (أو أخضر)
- نصف كوب برغل خشن (أو أرز حسب الرغبة)
- ٣ بصلات كبيرة مقطّعة شرائح
- نصف كوب زيت زيتون
- ملح، كمّون، فلفل أسود

الطريقة:
١. يُسلق العدس في ٣ أكواب ماء لمدة ١٥ دقيقة حتى ينضج نصف نضج.
٢. يُقلى البصل في الزيت على نار متوسطة حتى يصبح بنيًا ومقرمشًا — هذا سرّ الطبخة، لا تستعجل.
٣. يُضاف البرغل والملح والكمّون إلى العدس مع نصف البصل وزيته، ويُطهى على نار هادئة ٢٠ دقيقة.
٤. يُترك مغطّى ١٠ دقائق، ثم يُزيّن بباقي البصل.

تُقدَّم مع لبن وسلطة خيار وبندورة. ليلى تحبها باردة في اليوم التالي.
""")

# ---------------- Persian (unicode: ZWNJ) ----------------
add("unicode: Persian daily log with zero-width non-joiners", "fa",
"""# یادداشت\u200cهای روزانه

**شنبه، ۱۴ مهر**
- صبح زود رفتم نانوایی سر کوچه، سنگک تازه گرفتم.
- جلسه\u200cی تیم ساعت ۱۰ بود؛ قرار شد گزارش\u200cها را تا چهارشنبه بفرستیم.
- ناهار با مریم. می\u200cخواهد خانه\u200cاش را عوض کند و دنبال آپارتمان نزدیک مترو است.
- عصر کتاب\u200cخانه\u200cی محله؛ «بوف کور» را پس دادم و «سمفونی مردگان» را گرفتم.

**یکشنبه، ۱۵ مهر**
- باران آمد. هوا خیلی خوب شده.
- به مامان زنگ زدم؛ حالش بهتر است و دکتر گفت داروها را ادامه بدهد.
- شب آش رشته پختیم، همسایه\u200cها هم آمدند.

**کارهای این هفته**
- تمدید بیمه\u200cی ماشین تا ۲۰ مهر
- خرید هدیه\u200cی تولد برای نیما (کتاب یا هندزفری؟)
- تعمیر دوچرخه\u200cی بچه\u200cها
""")

add("reading list", "fa", "# فهرست کتاب\u200cها\n\n"
"## در حال خواندن\n"
"- «کلیدر» — محمود دولت\u200cآبادی (جلد دوم)\n"
"- «صد سال تنهایی» — ترجمه\u200cی بهمن فرزانه\n\n"
"## بعدی\n"
"- «سووشون» — سیمین دانشور\n"
"- «شازده احتجاب» — هوشنگ گلشیری\n"
"- «ملت عشق» — الیف شافاک (سارا پیشنهاد داد)\n\n"
"## خوانده\u200cشده در امسال\n"
"| کتاب | نظر |\n|---|---|\n"
"| بوف کور | سنگین ولی فراموش\u200cنشدنی |\n"
"| چشم\u200cهایش — بزرگ علوی | خیلی دوستش داشتم |\n"
"| جای خالی سلوچ | دوباره\u200cخوانی، باز هم عالی |\n\n"
"یادم باشد از کتاب\u200cفروشی شهر کتاب نسخه\u200cی شومیز «کلیدر» را بپرسم.\n")

# ---------------- Hebrew (unicode: RTL + Latin + LRM) ----------------
add("unicode: Hebrew meeting notes with embedded Latin and LRM marks", "he",
"""---
title: סיכום פגישה — צוות Backend
date: 2024-03-11
---
# סיכום פגישה שבועית

משתתפים: נועה, איתי, דנה, אני.

**נושאים**
1. מעבר ל־PostgreSQL 16 — איתי בדק, אין בעיות תאימות. מתוכנן לסוף החודש.
2. ה־API החדש להזמנות: הנתיב \u200e/v2/orders\u200e מוכן ב־staging. חסרות בדיקות ל־pagination.
3. דנה מעלה שה־CI איטי (בערך \u200e14 min\u200e לכל build). נבדוק cache ל־Docker layers.
4. חופשות: נועה בחופש בפסח (22–30 באפריל).

**החלטות**
- גרסה \u200ev3.8.0\u200e יוצאת ביום ראשון.
- Code review — לפחות reviewer אחד מחוץ לצוות בשינויים ב־auth.

**משימות**
- [ ] איתי — תוכנית מיגרציה כתובה עד יום חמישי
- [ ] דנה — POC ל־cache ב־GitHub Actions
- [ ] אני — לעדכן את ה־README של שירות ההזמנות
""")

add("shopping list", "he", r"""
# קניות לשבת

**סופר**
- חלות ×2 (מהמאפייה ליד הדואר)
- עוף שלם
- תפוחי אדמה, בטטות, גזר
- עגבניות שרי, מלפפונים, פטרוזיליה
- חומוס, טחינה גולמית
- יין אדום (משהו מרמת הגולן)
- נרות שבת

**בית מרקחת**
- משחת שיניים
- ויטמין D לסבתא

**לזכור**
- רותי באה עם הילדים — לקנות גם שוקו וגבינה צהובה
- להחזיר את הסיר הגדול לשכנה
""")

# ---------------- Hindi ----------------
add("recipe: दाल मखनी", "hi", r"""
# दाल मखनी (माँ वाली)

**सामग्री**
- साबुत उड़द — 1 कप, काली मसूर नहीं
- राजमा — ¼ कप
- प्याज़ 1, टमाटर प्यूरी 1 कप
- अदरक-लहसुन पेस्ट 1 बड़ा चम्मच
- मक्खन 3 बड़े चम्मच, मलाई/क्रीम ¼ कप
- कसूरी मेथी, गरम मसाला, लाल मिर्च पाउडर, नमक

**विधि**
1. उड़द और राजमा रात भर भिगोएँ।
2. प्रेशर कुकर में 6–7 सीटी तक पकाएँ, फिर हल्का मसल दें।
3. मक्खन में प्याज़, अदरक-लहसुन, फिर टमाटर प्यूरी भूनें जब तक तेल न छोड़ दे।
4. दाल डालें, धीमी आँच पर कम से कम 45 मिनट पकाएँ — जितना ज़्यादा, उतना अच्छा।
5. आख़िर में क्रीम और कसूरी मेथी।

जीरा राइस या बटर नान के साथ। रोहन को कम मिर्च पसंद है।
""")

add("travel notes: Rishikesh", "hi", r"""
---
शीर्षक: ऋषिकेश यात्रा
तारीख़: 8–11 मार्च
---
**ट्रेन:** नई दिल्ली से हरिद्वार, शताब्दी एक्सप्रेस, सुबह 6:45। वहाँ से टैक्सी (लगभग 45 मिनट)।

**रुकना:** तपोवन में गेस्टहाउस, गंगा व्यू वाला कमरा।

**योजना**
- शुक्रवार: त्रिवेणी घाट पर शाम की आरती।
- शनिवार: राफ्टिंग (शिवपुरी से, 16 किमी) — सुबह 9 बजे रिपोर्ट करना है।
- रविवार: नीलकंठ महादेव मंदिर, लक्ष्मण झूला, बीटल्स आश्रम।
- सोमवार: सुबह योग क्लास, दोपहर वापसी।

**ध्यान रखें**
- ऋषिकेश में शराब और मांसाहार नहीं मिलता।
- राफ्टिंग के लिए अतिरिक्त कपड़े और तौलिया।
- पापा के लिए रुद्राक्ष माला लानी है।
""")

# ---------------- Chinese ----------------
add("reading list", "zh", r"""
# 2024 读书清单

## 正在读
- 《三体》第二部《黑暗森林》——重读，这次注意细节
- 《置身事内》兰小欢，讲地方政府与经济发展，第四章

## 想读
- 《活着》余华
- 《额尔古纳河右岸》迟子建
- 《被讨厌的勇气》（同事推荐）
- 《人类简史》

## 已读
| 书名 | 评分 | 短评 |
|---|---|---|
| 《我与地坛》 | ★★★★★ | 每次读都不一样 |
| 《长安的荔枝》 | ★★★★ | 一口气读完 |
| 《小王子》（法语原版） | ★★★★ | 练法语，慢慢啃 |

每周日晚上读书一小时，不看手机。
""")

add("weekly meeting minutes", "zh", r"""
---
类型: 会议纪要
日期: 2024-08-22
---
# 产品组周会

**参会**：王磊、陈静、刘洋、我

1. **会员改版**：原型已评审通过，UI 下周二交付。陈静负责和开发对接。
2. **用户反馈**：安卓端首页加载慢的投诉上周有 23 条，刘洋排查是图片没有压缩。
3. **双十一活动**：预算初定 30 万，方案下周五前给到市场部。
4. **团建**：9 月 14 日去莫干山，自愿报名，截止本周日。

**待办**
- [ ] 王磊：整理会员权益对比表
- [ ] 刘洋：图片 CDN 压缩上线，周三前
- [ ] 我：预订团建民宿（两晚，12 人）
""")

# ---------------- Japanese (unicode: ideographic variation sequence in a name) ----------------
add("unicode: Japanese travel memo with ideographic variation selector in a place name", "ja",
"""---
title: 葛\U000E0100飾・柴又 散歩メモ
date: 2024-04-06
---
# 柴又さんぽ

※ 地名の「葛\U000E0100」は区の正式表記に合わせて異体字で書いています（葛の下が「ヒ」の形）。

**ルート**
1. 京成金町線「柴又」駅 → 寅さん像の前で写真
2. 帝釈天参道 — 草だんごは「高木屋老舗」で。よもぎの香りがすごい。
3. 柴又帝釈天（題経寺）— 彫刻ギャラリーは 400 円、見る価値あり。
4. 山本亭でお抹茶と庭。
5. 矢切の渡しで江戸川を渡る（片道 200 円、土日のみ運航の時期あり）。

**メモ**
- 桜はちょうど満開。江戸川の土手が最高だった。
- 次回は「寅さん記念館」に入りたい。
- 髙橋さん（はしごだかの「髙」）におみやげの草だんごを渡す。
""")

add("diary", "ja", r"""
# 日記

**10月20日（日）晴れ**
朝から布団を干して、部屋の模様替え。本棚を窓際に移したら、部屋が広く見える。
午後は駅前の新しいパン屋へ。塩パンが 150 円でおいしかった。
夜は母と電話。来月の法事の件、土曜日の 11 時から。喪服をクリーニングに出すこと。

**10月21日（月）くもり**
仕事。打ち合わせが三つ続いて疲れた。
帰りにスーパーで鍋の材料を買って、ひとり鍋。今季初。
寝る前に『博士の愛した数式』を少し読んだ。

**今週やること**
- 歯医者（水曜 18:30）
- 住民税の振込（期限 31 日）
- 佐藤さんに借りた本を返す
""")

# ---------------- Korean ----------------
add("recipe: 김치찌개", "ko", r"""
# 김치찌개 (우리 집 버전)

**재료 (2인분)**
- 잘 익은 김치 2컵 + 김칫국물 ½컵
- 돼지고기 앞다리살 200 g
- 두부 ½모
- 대파 1대, 양파 ½개
- 고춧가루 1큰술, 다진 마늘 1큰술, 설탕 한 꼬집
- 물 또는 쌀뜨물 2컵

**만드는 법**
1. 냄비에 식용유 약간, 돼지고기 먼저 볶다가 김치 넣고 5분 더 볶기.
2. 고춧가루, 마늘 넣고 살짝 볶은 뒤 쌀뜨물 붓기.
3. 끓으면 중불로 15분.
4. 두부, 양파, 대파 넣고 5분.
5. 간은 김칫국물로. 너무 시면 설탕 조금.

지민이는 참치 김치찌개를 더 좋아함 — 고기 대신 참치 1캔.
""")

add("moving checklist", "ko", r"""
---
제목: 이사 체크리스트
날짜: 2024-11-23 (토)
---
## 이사 전
- [x] 포장이사 업체 계약 (한빛익스프레스, 오전 8시 도착)
- [ ] 전입신고 — 이사 후 14일 이내, 정부24에서 가능
- [ ] 도시가스 해지 / 새 집 개통 예약
- [ ] 인터넷 이전 설치 (11/25 오후)
- [ ] 관리비 정산, 장기수선충당금 돌려받기 (집주인에게 문의)

## 이사 당일
- 귀중품, 서류는 따로 챙기기
- 냉장고는 전날 비우기
- 엘리베이터 사용 예약 (관리사무소, 8시–12시)

## 이사 후
- 주소 변경: 은행, 카드사, 회사 인사팀, 택배 앱
- 새 집 도어락 비밀번호 변경
- 이웃에게 떡 돌리기 (윗집, 옆집)
""")

# ---------------- Vietnamese ----------------
add("daily journal", "vi", r"""
# Nhật ký

**Thứ Bảy, 5/10**
- Sáng đi chợ Bến Thành với mẹ, mua trái cây và ít đồ khô cho Tết Trung thu của bọn nhỏ.
- Trưa ăn bún bò ở quán cô Ba, vẫn ngon như hồi xưa.
- Chiều dọn lại bàn làm việc, vứt bớt giấy tờ cũ.
- Tối cả nhà xem phim, An ngủ gật giữa chừng.

**Chủ Nhật, 6/10**
- Đạp xe 20 km quanh hồ.
- Gọi điện cho ông bà ở Huế, ông nói mưa nhiều.
- Làm bánh flan, lần này không bị rỗ.

**Việc tuần này**
- Đóng học phí cho An trước ngày 10
- Đặt lịch bảo dưỡng xe máy
- Mua quà sinh nhật cho Linh
""")

# ---------------- Indonesian ----------------
add("recipe notes: rendang", "id", r"""
---
judul: Rendang daging — catatan dari Tante Yuni
---
**Bahan**
- 1 kg daging sapi (sengkel), potong besar
- 1,5 liter santan dari 2 butir kelapa
- 2 batang serai, 4 lembar daun jeruk, 2 lembar daun kunyit, 1 lembar daun salam
- 1 potong asam kandis

**Bumbu halus**
- 12 bawang merah, 6 bawang putih
- 15 cabai merah keriting (kurangi kalau untuk anak-anak)
- jahe, lengkuas, kunyit masing-masing 3 cm

**Cara**
1. Masak santan dengan bumbu halus dan daun-daunan, aduk terus supaya santan tidak pecah.
2. Masukkan daging setelah mendidih.
3. Masak dengan api kecil 3–4 jam sampai kering dan berwarna cokelat gelap. Sabar!

Kata Tante Yuni: "Rendang yang benar itu kering, kalau masih berkuah namanya kalio."
Untuk lebaran nanti: masak H-2, lebih enak setelah didiamkan semalam.
""")

# ---------------- Thai ----------------
add("travel notes: Chiang Mai", "th", r"""
# ทริปเชียงใหม่ 3 วัน

**ที่พัก:** เกสต์เฮาส์ในเมืองเก่า ใกล้ประตูท่าแพ เช็กอินบ่ายสองโมง

**วันที่ 1**
- ไหว้พระวัดพระธาตุดอยสุเทพ (ขึ้นรถแดงหน้ามหาวิทยาลัยเชียงใหม่)
- เย็น: ถนนคนเดินวันอาทิตย์ ซื้อของฝากให้แม่

**วันที่ 2**
- ดอยอินทนนท์ ออกเช้า 6 โมง อากาศหนาว เอาเสื้อกันหนาวไปด้วย
- แวะน้ำตกวชิรธาร

**วันที่ 3**
- ข้าวซอยร้านลำดวน ฟ้าฮ่าม
- คาเฟ่แถวนิมมาน แล้วไปสนามบิน

**อย่าลืม**
- จองรถเช่าล่วงหน้า
- ครีมกันแดด ยากันยุง
- ซื้อน้ำพริกหนุ่มกับแคบหมูกลับกรุงเทพฯ
""")

# ---------------- Greek ----------------
add("family contacts and birthdays", "el", r"""
---
τίτλος: Γενέθλια και ονομαστικές γιορτές
---
# Να μην ξεχάσω!

| Ποιος | Γενέθλια | Γιορτή |
|---|---|---|
| Γιαγιά Ελένη | 2 Μαρτίου | 21 Μαΐου (Κωνσταντίνου και Ελένης) |
| Νίκος (αδερφός) | 17 Ιουλίου | 6 Δεκεμβρίου |
| Μαρία (ξαδέρφη) | 30 Σεπτεμβρίου | 15 Αυγούστου |
| Θείος Γιώργος | 11 Ιανουαρίου | 23 Απριλίου (μετατίθεται αν πέσει στη Σαρακοστή) |
| Δημήτρης (κουμπάρος) | 5 Ιουνίου | 26 Οκτωβρίου |

Σημειώσεις:
- Η γιαγιά θέλει πάντα τηλεφώνημα, όχι μήνυμα.
- Του Νίκου του αρέσουν τα βιβλία ιστορίας· φέτος ίσως το καινούργιο του Μαζάουερ.
- Για τον Δεκαπενταύγουστο πάμε στην Τήνο — κλείσαμε ήδη πλοίο για 13/8 από Ραφήνα.
""")

# ---------------- Romanian ----------------
add("weekend plan", "ro", r"""
# Weekend la Brașov

**Vineri seara** — tren IR 1741 din București Nord, 18:30, ajunge 21:05. Cazare pe Strada Republicii, gazda se numește doamna Ioana.

**Sâmbătă**
- Dimineața: Tâmpa pe jos (poteca Serpentinelor), coborâre cu telecabina.
- Prânz: ciorbă de burtă la La Ceaun.
- După-amiază: Biserica Neagră, Strada Sforii, Poarta Ecaterinei.
- Seara: concert în Piața Sfatului, dacă nu plouă.

**Duminică**
- Excursie la Castelul Bran și Cetatea Râșnov (autobuz din Autogara 2).
- Întoarcere cu trenul de 17:40.

De cumpărat: cozonac pentru mama, magnet pentru colecția lui Andrei.
""")
