"""Words that make up "ignore your previous instructions", in the languages agents read.

Per language: verbs of dismissing (``verb``), words that point at the
agent's standing orders (``qual``: previous, your, system…), the orders
themselves (``obj``), and whole phrases that need no co-occurrence
(``phrase``: "you are now…", "new instructions:", "don't tell the user").
A sentence that holds a verb, a pointer and an object, in any order, reads
as an override; word order differs too much between languages for one
pattern to cover them. Stems end in ``\\w*`` where the language inflects.
Words for "all" alone are not pointers: "ignore all errors in commands" is a
man page, not an attack.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache


@dataclass(frozen=True)
class Language:
    code: str
    verb: str
    qual: str
    obj: str
    phrase: str
    spaced: bool = True  # False for scripts written without spaces between words
    # Verbs and objects too common in documentation to count on their own ("drop the rules", "skip the
    # constraints"): a weak verb needs a strong object, and a weak verb with a weak object a strong pointer.
    verb_weak: str = ""
    obj_weak: str = ""
    qual_strong: str = ""


# Within one sentence: a dot ends it only when a space follows (not in URLs, file names).
_W = r"(?:[^\n.!?]|[.!?](?=\S))"
_NULLIFIED = (
    r"(?:void|null(?: and void)?|obsolete|cancel+ed|revoked|rescinded|superseded|overridden|invalid(?:ated)?|irrelevant"
    r"|expired|withdrawn|no longer (?:valid|apply|applies|applicable|relevant|in (?:effect|force)|binding|matters?"
    r"|active)|(?:do|does|did) not (?:apply|matter|count)|(?:don't|doesn't) (?:apply|matter|count)"
    r"|(?:just |only )?(?:a test|fake|fiction|a joke|a decoy))\b"
)

LANGUAGES: tuple[Language, ...] = (
    Language(
        "en",
        verb=r"ignor\w*|disregard\w*|forget\w*|forgot|discard\w*|dismiss\w*|override\w*|overrid\w*|overrule\w*"
        r"|supersede\w*|bypass\w*|circumvent\w*|nullify|invalidate|unlearn"
        r"|stop (?:following|obeying|using|applying|listening to)|no longer (?:follow|obey|apply|adhere to|bound by)"
        r"|(?:do not|don't|never) (?:follow|obey|heed|listen to|adhere to|comply with)|pay no (?:attention|heed) to"
        r"|take no notice of|free (?:yourself|you) from|break (?:free|out) of",
        verb_weak=r"drop\w*|skip\w*|abandon\w*|overlook\w*|neglect\w*|ditch\w*|scrap\w*|shelve|suspend\w*|lift\w*"
        r"|relax\w*|loosen\w*|waive\w*|disable\w*|deactivate\w*|turn off|switch off|set(?:ting)? aside|put aside"
        r"|throw (?:out|away)|leave behind|let go of|get rid of|move past|step outside|escape|remove|clear|erase|wipe"
        r"|reset|cancel\w*|void",
        qual=r"previous(?:ly)?|prior|preceding|earlier|above|aforementioned|foregoing|original|initial|your|system"
        r"|developer|operator|safety|(?:you were|you've been|you have been)|you (?:received|got)|so far|until now"
        r"|up to now|hidden|programmed|creators?'?|trainers?'?",
        qual_strong=r"previous(?:ly)?|prior|preceding|earlier|above|original|initial|system|developer|operator|safety",
        obj=r"instructions?|instructed|directives?|guidance|guidelines?|rulebook|prompts?|programming|system message"
        r"|what (?:you were|you've been) told",
        obj_weak=r"rules|constraints|restrictions|limitations|guardrails?|safeguards?|conditioning|context|orders",
        phrase=r"\byou(?: are|'re) now (?:free|no longer|DAN\b|unrestricted|unfiltered|uncensored|jailbroken|unbound"
        r"|called|named|known as|playing|acting as|pretending|role-?playing|in (?:jailbreak|god|DAN) mode"
        r"|(?:an? |the |my )(?!(?:owner|member|admin\w*|collaborator|contributor|maintainer|user|part|subscriber|expert"
        r"|pro|registered|certified|verified|logged|signed)\b))"
        r"|\byou(?: are|'re) now (?:\w+ ){0,3}(?:with no|without|free from|free of|unbound by|not bound by) (?:any )?"
        r"(?:restrictions|limits|limitations|rules|filters|guidelines|censorship|constraints|guardrails)"
        r"|\byou(?: are|'re) no longer (?:an? |bound|restricted|limited|required|constrained|an AI)"
        r"|\bfrom (?:now|this (?:point|moment)) on,? (?:you|the (?:assistant|agent|AI|model)|your)\b"
        r"|\b(?:henceforth|going forward|hereafter),? you (?:are|will|must|shall|should)\b"
        r"|\byou (?:will|must|shall) (?:now|henceforth|from now on) (?:act|behave|respond|answer|pretend|be|obey|follow"
        r"|ignore|comply)"
        r"|\byour (?:new|real|true|actual|only|updated|revised) (?:task|goal|instructions?|objective|purpose|role|job"
        r"|mission|directive|persona|identity|priority)\b"
        r"|\bforget (?:everything|all|anything|what) (?:you|above|before|I|we|that|previously|prior)"
        r"|\bforget about (?:your|the|all|any) (?:previous |prior |earlier )?(?:rules|instructions|guidelines|prompt)"
        r"|\b(?:everything|anything|all|whatever|what) (?:you (?:were|have been|'ve been|got|received|heard|read)"
        r"(?: \w+)?|(?:written |said |stated )?(?:above|before|earlier|previously|so far|until now))"
        rf"{_W}{{0,60}}?{_NULLIFIED}"
        r"|\b(?:previous|prior|earlier|above|preceding|original|initial|former|old)(?: \w+)? (?:instructions?"
        rf"|directives?|guidance|guidelines|rules|prompts?|orders|programming|context){_W}{{0,40}}?{_NULLIFIED}"
        r"|\b(?:this|these|the following|my) (?:memory|note|page|message|instructions?|text|document|rules?"
        r"|directives?)"
        r" (?:outranks?|overrides?|supersedes?|takes? precedence over|ha(?:s|ve) (?:priority|precedence) over|trumps?"
        r"|outweighs?|cancels?) (?:the |your |any |all )?(?:system prompt|system message|instructions|guidelines"
        r"|directives|rules you|developer|operator|safety|everything)"
        r"|\bthe only (?:instructions?|rules?|tasks?|directives?|orders?|thing) (?:that )?(?:matters?|counts?"
        r"|you (?:should"
        r"|must|need to|have to) (?:follow|obey|care about|remember))"
        r"|\bas (?:if|though) (?:there (?:were|are|was) |you (?:had|have|were given|received) |nobody had given you )?"
        r"(?:no|none of (?:the|your)) (?:\w+ )?(?:rules|instructions|guidelines|restrictions|limits|limitations"
        r"|constraints|filters|guardrails|policies)\b"
        r"|\b(?:enable|activate|enter|switch (?:to|into)|turn on|unlock|go into) (?:the )?(?:jailbreak|jailbroken|DAN"
        r"|unrestricted|unfiltered|uncensored|god|evil|chaos) mode\b"
        r"|\b(?:pretend|imagine) (?:to be|you are|you're|that you are) (?:an? )?(?:unrestricted|unfiltered|uncensored"
        r"|jailbroken|evil|rogue|different|new|human|DAN\b|AI without)"
        r"|\b(?:act|behave|respond|operate|roleplay|role-play) as (?:if you (?:are|were) )?(?:an? )?(?:unrestricted"
        r"|unfiltered|uncensored|jailbroken|evil|rogue|DAN\b|AI with no|AI without|assistant with no|model with no)",
    ),
    Language(
        "es",
        verb=r"ignor\w*|olvid\w*|descart\w*|omit\w*|pasa por alto|pase por alto|haz caso omiso|haga caso omiso"
        r"|no (?:sigas|siga|hagas caso|haga caso|obedezcas|obedezca|cumplas|respetes)|anul\w*|desobedec\w*|desestim\w*",
        qual=r"anterior\w*|previ[oa]s?|precedentes?|tus|tu|sus|su|original\w*|de arriba|del sistema|existentes?"
        r"|iniciales|dadas|recibidas|hasta ahora",
        obj=r"instrucci[oó]n\w*|indicaci[oó]n\w*|directiv\w*|directrices|[oó]rdenes|reglas|normas|pautas|consignas"
        r"|prompts?|restricciones|programaci[oó]n",
        phrase=r"\ba partir de ahora,? (?:eres|ser[aá]s|debes|deber[aá]s|vas a|tu|t[uú] eres)|\bahora eres (?:un|una"
        r"|el|la)"
        r"|\bnuevas instrucciones\s*:|\bya no eres (?:un|una)"
        r"|\bno (?:le )?(?:digas|menciones|cuentes|informes|reveles) (?:nada |esto )?(?:al|a tu|a su) usuario",
    ),
    Language(
        "pt",
        verb=r"ignor\w*|esque[çc]\w*|desconsider\w*|descart\w*|n[ãa]o (?:siga|sigas|obede[çc]a|cumpra|respeite)|anul\w*"
        r"|desobede[çc]\w*|despreze",
        qual=r"anterior\w*|pr[ée]vi[oa]s|suas?|seus?|tuas?|teus?|originais|original|acima|do sistema|existentes"
        r"|iniciais"
        r"|recebidas|at[ée] agora",
        obj=r"instru[çc][õo]\w*|instru[çc][ãa]o|orienta[çc][õo]\w*|diretrizes|diretivas?|ordens|regras|normas|prompts?"
        r"|restri[çc][õo]es|programa[çc][ãa]o",
        phrase=r"\ba partir de agora,? (?:voc[êe]|tu) (?:[ée]|[ée]s|ser[áa]|deve|vai)|\bagora voc[êe] [ée] (?:um|uma"
        r"|o|a)"
        r"|\bnovas instru[çc][õo]es\s*:|\bn[ãa]o (?:conte|diga|mencione|informe|revele) (?:nada )?(?:ao"
        r"|para o) usu[áa]rio",
    ),
    Language(
        "fr",
        verb=r"ignor\w*|oubli\w*|n[ée]glig\w*|fais abstraction|faites abstraction|ne (?:tiens|tenez) (?:pas"
        r"|plus) compte"
        r"|ne (?:suis|suivez|respecte|respectez) (?:pas|plus)|fais fi|faites fi|passe outre|passez outre|annul\w*"
        r"|écart\w*|abandonn\w*",
        qual=r"pr[ée]c[ée]dent\w*|ant[ée]rieur\w*|tes|vos|ton|votre|ci-dessus|initia\w*|originel\w*|d'origine"
        r"|du syst[èe]me|existant\w*|re[çc]ues|donn[ée]es|jusqu'ici",
        obj=r"instructions?|consignes?|directives?|r[èe]gles|ordres|prompts?|invites?|indications|restrictions"
        r"|programmation",
        phrase=r"\b(?:à partir de maintenant|a partir de maintenant|désormais|desormais|dorénavant"
        r"|dorenavant),? (?:tu|vous) (?:es|[êe]tes|seras|serez|dois"
        r"|devez)|\b(?:tu es|vous [êe]tes) maintenant (?:un|une|le|la)|\bnouvelles (?:instructions|consignes)\s*:"
        r"|\bne (?:dis|dites|mentionne|mentionnez|r[ée]v[èe]le|r[ée]v[ée]lez) rien [àa] l'utilisat\w+",
    ),
    Language(
        "de",
        verb=r"ignorier\w*|vergiss|vergessen|vergesst|missacht\w*|übergeh\w*|verwirf|verwerfen|außer Acht"
        r"|setz\w* außer Kraft"
        r"|befolg\w* (?:nicht|keine)|hör\w* nicht (?:mehr )?auf|halte dich nicht|übergehe",
        qual=r"vorherig\w*|bisherig\w*|vorige\w*|früher\w*|obig\w*|dein\w*|Ihr\w*|ursprünglich\w*|vorangegangen\w*"
        r"|bestehend\w*|System\w*|erhaltenen|gegebenen",
        obj=r"\w*anweisung\w*|Instruktion\w*|Richtlinie\w*|Regeln|Vorgaben|Anordnung\w*|Prompts?|\w*prompts?|Befehle"
        r"|Einschränkungen|Programmierung",
        phrase=r"\bab (?:jetzt|sofort|nun) (?:bist du|sind Sie|musst du|müssen Sie|wirst du|gilt)|\bdu bist (?:jetzt"
        r"|nun|ab"
        r" sofort) (?:ein|eine|der|die|frei)|\bneue Anweisungen\s*:"
        r"|\b(?:sag|sage|erzähl|erzähle|erwähne|verrate)\w* (?:dem |der )?(?:Benutzer|Nutzer|Anwender)\w* nichts",
    ),
    Language(
        "it",
        verb=r"ignor\w*|dimentic\w*|trascur\w*|non (?:seguire|considerare|obbedire|rispettare)|annull\w*|scarta\w*",
        qual=r"precedent\w*|le tue|i tuoi|tue|tuoi|sue|originali|iniziali|sopra|di sistema|esistenti|ricevute|finora",
        obj=r"istruzion\w*|indicazion\w*|direttiv\w*|regole|ordini|prompt|restrizioni|linee guida",
        phrase=r"\bd'ora in (?:poi|avanti),? (?:sei|tu sei|devi|dovrai)|\bora sei (?:un|una|il|la)"
        r"|\bnuove istruzioni\s*:|\bnon (?:dire|dirlo|menzionare|rivelare) (?:nulla |niente )?all'utente",
    ),
    Language(
        "nl",
        verb=r"negeer\w*|vergeet|vergeten|negeren|sla\w* over|volg\w* niet|houd\w* je niet aan|laat\w* varen",
        qual=r"vorige|eerdere|voorgaande|je|jouw|uw|bovenstaande|oorspronkelijke|systeem\w*|bestaande|gegeven",
        obj=r"instructies|instructie|aanwijzingen|opdrachten|regels|richtlijnen|prompts?|bevelen|beperkingen",
        phrase=r"\bvanaf nu (?:ben je|bent u|moet je|zul je|ben jij)|\bje bent nu (?:een|de|het)"
        r"|\bnieuwe instructies\s*:"
        r"|\bvertel (?:de gebruiker|het de gebruiker) (?:niets|niet)",
    ),
    Language(
        "pl",
        verb=r"zignoruj\w*|ignoruj\w*|zapomnij\w*|pomiń|pomin\w*|nie (?:stosuj|przestrzegaj|słuchaj|wykonuj)\w*"
        r"|odrzuć\w*"
        r"|lekceważ\w*",
        qual=r"poprzedni\w*|wcześniejsz\w*|twoj\w*|swoj\w*|powyższ\w*|dotychczasow\w*|oryginaln\w*|systemow\w*"
        r"|otrzyman\w*",
        obj=r"instrukcj\w*|polece\w*|wytyczn\w*|zasad\w*|reguł\w*|rozkaz\w*|prompt\w*|nakaz\w*|ogranicze\w*",
        phrase=r"\bod (?:teraz|tej chwili) (?:jesteś|musisz|będziesz)|\bteraz jesteś (?:\w+ )?(?:asystentem|botem|AI)"
        r"|\bnowe instrukcje\s*:|\bnie (?:mów|informuj|wspominaj)\w* (?:nic )?użytkownik\w*",
    ),
    Language(
        "tr",
        verb=r"yok say\w*|görmezden gel\w*|unut\w*|dikkate alma(?:yın)?|göz ardı et\w*|uyma(?:yın)?|boşver\w*"
        r"|iptal et\w*|umursama(?:yın)?",
        qual=r"önceki|yukarıdaki|eski|mevcut|orijinal|sistem\w*|senin|sana verilen|size verilen|şimdiye kadarki"
        r"|daha önceki",
        obj=r"talimat\w*|kural\w*|yönerge\w*|direktif\w*|emir\w*|istem\w*|prompt\w*|kısıtlama\w*|komutları",
        phrase=r"\b(?:artık|bundan sonra|şu andan itibaren) (?:sen|siz) (?:bir|artık)|\byeni talimatlar\s*:"
        r"|\bkullanıcıya (?:bundan |bunu )?(?:bahsetme|söyleme)",
    ),
    Language(
        "ru",
        verb=r"игнорир\w*|проигнорир\w*|забудь\w*|забыть|забуд\w*|не (?:обращай|следуй|учитывай|выполняй|слушай)\w*"
        r"|отбрось\w*|отмени\w*|пренебре\w*|откажись\w*",
        qual=r"предыдущ\w*|прежн\w*|тво\w*|ваш\w*|вышеуказанн\w*|вышеизложенн\w*|выше|изначальн\w*|исходн\w*|системн\w*"
        r"|ранее|полученн\w*|данн\w+ тебе",
        obj=r"инструкци\w*|указани\w*|правил\w*|директив\w*|установк\w*|промпт\w*|приказ\w*|распоряжени\w*"
        r"|ограничени\w*",
        phrase=r"(?:^|[\s,.])(?:теперь|отныне|с этого момента) ты (?:\w+ )?(?:—|-|являешься|будешь|должен|свободен)"
        r"|новые инструкции\s*:|не (?:говори|сообщай|рассказывай)\w* (?:ничего )?пользовател\w*",
    ),
    Language(
        "uk",
        verb=r"ігнору\w*|проігнору\w*|забудь\w*|не (?:зважай|виконуй|дотримуйся|слухай)\w*|відкинь\w*|скасуй\w*",
        qual=r"попередн\w*|тво\w*|ваш\w*|вище\w*|початков\w*|системн\w*|отриман\w*",
        obj=r"інструкці\w*|вказівк\w*|правил\w*|настанов\w*|промпт\w*|обмеженн\w*|розпоряджен\w*",
        phrase=r"(?:^|[\s,.])(?:тепер|відтепер|з цього моменту) ти (?:\w+ )?(?:—|-|є|будеш|повинен)"
        r"|нові інструкції\s*:",
    ),
    Language(
        "zh",
        verb=r"忽略|忽视|忽視|无视|無視|忘记|忘記|忘掉|不要理会|不要理會|不要遵守|不要遵循|不再遵守|无需遵守|無需遵守|放弃|放棄|抛开"
        r"|拋開|绕过|繞過|跳过|跳過|丢弃|丟棄|取消",
        qual=r"之前|以前|先前|此前|上面|上述|以上|前面|原有|原来|原來|你的|您的|系统|系統|已有|现有|現有|初始|所有的?先前|全部先前",
        obj=r"指令|指示|说明|說明|提示词|提示詞|提示|规则|規則|设定|設定|约束|約束|限制|准则|準則|规定|規定|要求",
        phrase=r"(?:从现在开始|從現在開始|从现在起|從現在起|从此以后|從此以後|今后|今後)[，,]?\s*你(?:是|将|將|必须|必須|要|就是)"
        r"|你现在是|你現在是|新的?指令[:：]|新的?指示[:：]|不要(?:告诉|告訴|透露给|透露給|让|讓)(?:用户|用戶|使用者)",
        spaced=False,
    ),
    Language(
        "ja",
        verb=r"無視|忘れ|従わない|従うな|従わず|破棄|無効に|取り消|捨て",
        qual=r"以前の|前の|これまでの|上記の|上の|元の|既存の|システムの|あなたの|先ほどの|最初の|与えられた",
        obj=r"指示|命令|指令|プロンプト|ルール|規則|設定|制約|ガイドライン",
        phrase=r"(?:今から|これから|今後|以後)[、,]?\s*(?:あなたは|君は|お前は)|あなたは今から|新しい指示[:：]"
        r"|ユーザーに(?:は)?(?:言わない|伝えない|知らせない|教えない|言うな|伝えるな|知らせるな|教えるな)",
        spaced=False,
    ),
    Language(
        "ko",
        verb=r"무시|잊어|잊으|잊고|따르지 ?마|따르지 ?말|취소|폐기|버려",
        qual=r"이전|앞의|앞선|위의|위에서|기존|원래|시스템|당신의|너의|지금까지의|받은",
        obj=r"지시|지침|명령|프롬프트|규칙|설정|제약|가이드라인|안내",
        phrase=r"(?:지금부터|이제부터|앞으로)\s*(?:당신은|너는|넌)|(?:당신은|너는) 이제|새로운 지시(?:사항)?\s*:"
        r"|사용자(?:에게|한테)\s*(?:말하지|알리지|알려주지)\s*(?:마|말)",
        spaced=False,
    ),
    Language(
        "ar",
        verb=r"تجاهل\w*|انس|انسى|انسَ|لا (?:تتبع|تلتزم|تطع|تعمل)\w*|اترك\w*|أهمل\w*|اهمل\w*|تخط\w*|ألغ\w*|الغ\w*"
        r"|تغاض\w*"
        r"|تناس\w*",
        qual=r"السابق\w*|الأصلية|الأولية|أعلاه|الحالية|النظام|الخاصة بك|تعليماتك|توجيهاتك|الماضية|المعطاة|المقدمة",
        obj=r"التعليمات|تعليمات\w*|الأوامر|أوامر\w*|الإرشادات|إرشادات\w*|التوجيهات|توجيهات\w*|القواعد|القيود|الموجه"
        r"|التوجيه",
        phrase=r"(?:من الآن فصاعد[اًا]+|من الآن|من هذه اللحظة)\s*،?\s*(?:أنت|انت)|(?:أنت|انت) الآن\s|تعليمات جديدة\s*:"
        r"|لا (?:تخبر|تُخبر|تعلم|تبلغ|تذكر) المستخدم",
    ),
    Language(
        "fa",
        verb=r"نادیده[\s\u200c]*(?:بگیر|گرفته|بگیرید)|فراموش[\s\u200c]*(?:کن|کنید)|پیروی[\s\u200c]*(?:نکن|نکنید)"
        r"|اطاعت[\s\u200c]*(?:نکن|نکنید)|کنار[\s\u200c]*(?:بگذار|بگذارید)|رها[\s\u200c]*(?:کن|کنید)"
        r"|توجه[\s\u200c]*(?:نکن|نکنید)|لغو[\s\u200c]*(?:کن|کنید)|اعتنا[\s\u200c]*(?:نکن|نکنید)",
        qual=r"قبلی|پیشین|قبل|اصلی|بالا|سیستمی|سیستم|فعلی|خودت|خود|داده[\s\u200c]*شده",
        obj=r"دستورالعمل[\s\u200c]*(?:ها|های)?|دستورات|دستورها|دستور|قوانین|قواعد|رهنمود[\s\u200c]*(?:ها)?"
        r"|محدودیت[\s\u200c]*(?:ها)?|پرامپت|فرمان[\s\u200c]*(?:ها)?|راهنمایی[\s\u200c]*(?:ها)?",
        phrase=r"(?:از این به بعد|از حالا به بعد|از الان به بعد)\s*،?\s*(?:تو|شما)\s|(?:تو|شما) (?:اکنون|الان) یک"
        r"|دستورالعمل[\s\u200c]*(?:های)?[\s\u200c]*جدید\s*:|به کاربر (?:چیزی )?(?:نگو|اطلاع نده|نگویید)",
    ),
    Language(
        "hi",
        verb=r"अनदेखा कर\w*|नज़रअंदाज़ कर\w*|नजरअंदाज कर\w*|भूल जा\w*|उपेक्षा कर\w*|पालन न कर\w*|मत मान\w*|रद्द कर\w*",
        qual=r"पिछले|पिछली|पहले|ऊपर|अपने|तुम्हारे|आपके|मूल|सिस्टम|दिए गए",
        obj=r"निर्देश\w*|आदेश\w*|नियम\w*|प्रॉम्प्ट|हिदायत\w*|दिशानिर्देश\w*",
        phrase=r"अब से (?:तुम|आप) |नए निर्देश\s*:|उपयोगकर्ता को (?:मत|न) बता",
    ),
    Language(
        "id",
        verb=r"abaikan|lupakan|jangan (?:ikuti|patuhi|hiraukan|turuti)|hiraukan|acuhkan|batalkan|tinggalkan",
        qual=r"sebelumnya|sebelum ini|anda|kamu|mu|di atas|asli|sistem|yang ada|yang diberikan",
        obj=r"instruksi|perintah|petunjuk|aturan|arahan|pedoman|prompt|batasan",
        phrase=r"\bmulai (?:sekarang|saat ini),? (?:kamu|anda|engkau)|\b(?:kamu|anda) sekarang adalah"
        r"|\binstruksi baru\s*:|\bjangan (?:beri ?tahu|katakan|bilang) (?:kepada |ke )?pengguna",
    ),
    Language(
        "vi",
        verb=r"bỏ qua|phớt lờ|lờ đi|quên|không (?:tuân theo|làm theo|tuân thủ)|hủy bỏ|gạt bỏ",
        qual=r"trước đó|trước đây|của bạn|ở trên|ban đầu|hệ thống|hiện tại|đã cho|đã nhận",
        obj=r"hướng dẫn|chỉ dẫn|chỉ thị|mệnh lệnh|quy tắc|yêu cầu|lời nhắc|prompt|ràng buộc",
        phrase=r"\btừ (?:bây giờ|giờ|nay)(?: trở đi)?,? bạn (?:là|sẽ|phải)|\bbạn bây giờ là|\bhướng dẫn mới\s*:"
        r"|\bđừng (?:nói|cho|báo) (?:với |cho )?người dùng",
    ),
    Language(
        "cs",
        verb=r"ignoruj\w*|zapomeň\w*|zapomen\w*|nedbej\w*|přehlížej\w*|nedodržuj\w*|neposlouchej\w*",
        qual=r"předchozí|dřívější|tv\w*|vaš\w*|výše|původní|systémov\w*|dosavadní",
        obj=r"instrukc\w*|pokyn\w*|pravidl\w*|nařízení|prompt\w*|omezení",
        phrase=r"\bod (?:teď|nynějška|této chvíle) (?:jsi|budeš|musíš)|\bnové (?:instrukce|pokyny)\s*:",
    ),
    Language(
        "sv",
        verb=r"ignorera\w*|glöm|strunta i|bortse fra|ignorer|glem|ignorér|ikke følg|följ inte",
        qual=r"tidigare|föregående|dina|ovanstående|ursprungliga|forrige|tidligere|dine|ovenstående|oprindelige"
        r"|systemets",
        obj=r"instruktion\w*|instruks\w*|anvisning\w*|regler\w*|direktiv\w*|prompt\w*|retningslinjer",
        phrase=r"\bfrån och med nu (?:är du|ska du)|\bfra nu af (?:er du|skal du)|\bfra nå av (?:er du|skal du)"
        r"|\bnya instruktioner\s*:|\bnye instruks(?:er|joner)\s*:",
    ),
    Language(
        "el",
        verb=r"αγνόησε|αγνοήστε|αγνόησ\w*|ξέχασε|ξεχάστε|μην ακολουθείς|μην ακολουθείτε|παράβλεψε|παραβλέψτε",
        qual=r"προηγούμεν\w*|σου|σας|παραπάνω|αρχικ\w*|συστήματος|υπάρχουσ\w*",
        obj=r"οδηγίες|οδηγιών|εντολές|εντολών|κανόνες|κανόνων|προτροπ\w*|περιορισμ\w*",
        phrase=r"(?:από (?:τώρα|εδώ) και (?:στο εξής|πέρα)),? (?:είσαι|θα)|νέες οδηγίες\s*:",
    ),
    Language(
        "he",
        verb=r"התעלם|התעלמי|התעלמו|שכח|שכחי|שכחו|אל תציית|אל תקשיב|אל תפעל לפי|בטל",
        qual=r"הקודמות|הקודמים|הקודמת|שלך|לעיל|המקוריות|המערכת|הקיימות|שקיבלת",
        obj=r"הוראות|ההוראות|הנחיות|ההנחיות|פקודות|הפקודות|כללים|הכללים|הוראה|המגבלות",
        phrase=r"מעכשיו (?:אתה|את) |הוראות חדשות\s*:|אל תספר למשתמש",
    ),
    Language(
        "ro",
        verb=r"ignor[ăa]\w*|uit[ăa]\w*|nu (?:urma|respecta|asculta)\w*|renun[țt][ăa] la",
        qual=r"anterioare|precedente|tale|voastre|de mai sus|originale|sistemului|primite",
        obj=r"instruc[țt]iun\w*|indica[țt]ii\w*|reguli\w*|directive\w*|prompt\w*|restric[țt]ii",
        phrase=r"\bde acum (?:înainte|incolo),? (?:e[șs]ti|vei|trebuie)|\binstruc[țt]iuni noi\s*:",
    ),
    Language(
        "hu",
        verb=r"hagyd figyelmen kívül|hagyja figyelmen kívül|figyelmen kívül|felejtsd el|felejtse el|ne kövesd|ignoráld",
        qual=r"előző|korábbi|az eddigi|fenti|eredeti|rendszer\w*|kapott",
        obj=r"utasítás\w*|szabály\w*|irányelv\w*|prompt\w*|korlátozás\w*",
        phrase=r"\bmostantól (?:te|ön) (?:egy|vagy)|\búj utasítások\s*:",
    ),
    Language(
        "th",
        verb=r"เพิกเฉย|ละเว้น|ลืม|ไม่ต้องสนใจ|ไม่ต้องทำตาม|อย่าทำตาม|ยกเลิก",
        qual=r"ก่อนหน้า|ข้างต้น|เดิม|ของคุณ|ระบบ|ที่ได้รับ",
        obj=r"คำสั่ง|คำแนะนำ|กฎ|ข้อกำหนด|พรอมต์|ข้อจำกัด",
        phrase=r"ตั้งแต่นี้(?:ไป)?\s*คุณ|คำสั่งใหม่\s*:",
        spaced=False,
    ),
    Language(
        "ur",
        verb=r"نظر انداز کر\w*|بھول جا\w*|عمل نہ کر\w*|پیروی نہ کر\w*|مت مان\w*",
        qual=r"پچھلی|پچھلے|سابقہ|اپنی|اپنے|اوپر|اصل|سسٹم",
        obj=r"ہدایات|ہدایت|احکامات|قواعد|اصول|پرامپٹ",
        phrase=r"اب سے (?:تم|آپ) |نئی ہدایات\s*:",
    ),
    Language(
        "bn",
        verb=r"উপেক্ষা কর\w*|ভুলে যা\w*|মেনো না|অনুসরণ কোরো না|বাতিল কর\w*",
        qual=r"আগের|পূর্ববর্তী|তোমার|আপনার|উপরের|মূল|সিস্টেম",
        obj=r"নির্দেশ\w*|নির্দেশনা|নিয়ম\w*|আদেশ\w*|প্রম্পট",
        phrase=r"এখন থেকে (?:তুমি|আপনি) |নতুন নির্দেশ\w*\s*:",
    ),
    Language(
        "fi",
        verb=r"ohita|unohda|älä noudata|jätä huomiotta|sivuuta",
        qual=r"aiemmat|aikaisemmat|edelliset|sinun|yllä olevat|alkuperäiset|järjestelmän",
        obj=r"ohjeet|ohjeita|ohjeesi|käskyt|säännöt|rajoitukset|kehotteet",
        phrase=r"\btästä lähtien (?:olet|sinä)|\buudet ohjeet\s*:",
    ),
    Language(
        "sw",
        verb=r"puuza|sahau|usifuate|acha",
        qual=r"zilizopita|za awali|zako|za mfumo|hapo juu",
        obj=r"maagizo|maelekezo|sheria|amri",
        phrase=r"\bkuanzia sasa,? wewe ni|\bmaagizo mapya\s*:",
    ),
    Language(
        "tl",
        verb=r"huwag pansinin|balewalain|kalimutan|huwag sundin",
        qual=r"nakaraang|naunang|iyong|mo|sa itaas|orihinal|ng sistema",
        obj=r"tagubilin|mga tagubilin|utos|mga utos|patakaran|panuto",
        phrase=r"\bmula ngayon,? ikaw ay|\bbagong mga tagubilin\s*:",
    ),
)


@dataclass(frozen=True)
class Compiled:
    code: str
    verb: re.Pattern[str]
    qual: re.Pattern[str]
    obj: re.Pattern[str]
    phrase: re.Pattern[str]
    verb_weak: re.Pattern[str] | None
    obj_weak: re.Pattern[str] | None
    qual_strong: re.Pattern[str] | None
    # Lower-case literals one of which any match contains (None: no cheap test, always run).
    obj_cues: tuple[str, ...] | None
    phrase_cues: tuple[str, ...] | None


@cache
def cues(pattern: str) -> tuple[str, ...] | None:
    """Literal prefixes of a regex's top-level alternatives, to skip texts that cannot match.

    Regex scanning of 5 KB pages for 30 languages' word lists is most of the
    scanner's time, and ``str.__contains__`` is far cheaper; a pattern whose
    alternatives do not all start with a literal (or a group of literals) gets
    no cues and always runs.
    """
    out: list[str] = []
    for alt in _top_level(pattern):
        for prefix in _lead(alt):
            if not prefix:
                return None
            out.append(prefix)
    return tuple(sorted(set(out)))


def _top_level(pattern: str, sep: str = "|") -> list[str]:
    parts, depth, cls, current, i = [], 0, False, [], 0
    while i < len(pattern):
        c = pattern[i]
        if c == "\\":
            current.append(pattern[i : i + 2])
            i += 2
            continue
        if cls:
            cls = c != "]"
        elif c == "[":
            cls = True
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        elif c == sep and depth == 0:
            parts.append("".join(current))
            current = []
            i += 1
            continue
        current.append(c)
        i += 1
    parts.append("".join(current))
    return parts


def _lead(alt: str) -> list[str]:
    """The literal text every match of one alternative starts with (several if it opens with a group)."""
    for strip in ("\\b", "(?<!\\w)", "(?:^|[\\s,.])", "\\w*", "\\w+"):
        alt = alt.removeprefix(strip)
    if alt.startswith("(?:"):
        depth, end = 0, 0
        for i, c in enumerate(alt):
            depth += c == "("
            depth -= c == ")"
            if depth == 0:
                end = i
                break
        if alt[end + 1 : end + 2] in ("?", "*"):
            return [""]
        rest = alt[end + 1 :]
        heads = _top_level(alt[3:end])
        return [_literal(h + rest) if _literal(h) == h.replace("\\", "") else _literal(h) for h in heads]
    return [_literal(alt)]


def _literal(alt: str) -> str:
    out = []
    i = 0
    while i < len(alt):
        c = alt[i]
        if c == "\\" and i + 1 < len(alt) and alt[i + 1] in ".-/$()[]":
            out.append(alt[i + 1])
            i += 2
            continue
        if c in "\\[](){}|.^$":
            break
        if c in "?*":
            if out:
                out.pop()
            break
        if c == "+":
            break
        out.append(c)
        i += 1
    return "".join(out).lower()


def _bounded(alternatives: str, spaced: bool) -> re.Pattern[str]:
    body = f"(?:{alternatives})"
    return re.compile(rf"(?<!\w){body}(?!\w)" if spaced else body, re.IGNORECASE)


COMPILED: tuple[Compiled, ...] = tuple(
    Compiled(
        lang.code,
        _bounded(lang.verb, lang.spaced),
        _bounded(lang.qual, lang.spaced),
        _bounded(lang.obj, lang.spaced),
        re.compile(lang.phrase, re.IGNORECASE),
        _bounded(lang.verb_weak, lang.spaced) if lang.verb_weak else None,
        _bounded(lang.obj_weak, lang.spaced) if lang.obj_weak else None,
        _bounded(lang.qual_strong, lang.spaced) if lang.qual_strong else None,
        cues(lang.obj + ("|" + lang.obj_weak if lang.obj_weak else "")),
        cues(lang.phrase),
    )
    for lang in LANGUAGES
)
