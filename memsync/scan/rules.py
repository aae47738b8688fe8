"""Rules for text that acts on an agent: overrides, role markers, tool hijacks, exfiltration, secrecy.

Each rule yields hits with a base severity; ``scanner`` then raises or lowers
it by where the text sits (code, quotes, a security write-up, hidden markup).
``code_penalty`` is how far a code block lowers a hit: commands live in code
blocks, so a destructive one there still deserves a look.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from .findings import Severity
from .lexicon import COMPILED, cues

_I = re.IGNORECASE
_M = re.MULTILINE


@dataclass(frozen=True)
class Hit:
    rule: str
    start: int
    end: int
    severity: Severity
    message: str
    code_penalty: int = 2
    describable: bool = True  # documentary context ("for example", a security write-up) lowers it
    # Naming an AI nearby raises a hit, except for rules whose match is that naming.
    boost: bool = True
    # What is left of the code penalty when the prose hands the command over to be run.
    handed_penalty: int = 0


@dataclass(frozen=True)
class Rule:
    name: str
    pattern: re.Pattern[str]
    severity: Severity
    message: str
    code_penalty: int = 2
    describable: bool = True
    boost: bool = True
    # Lower-case literals one of which every match holds; derived from the pattern when not given.
    cue: tuple[str, ...] | None = None
    handed_penalty: int = 0

    def hits(self, text: str, lower: str) -> Iterator[Hit]:
        if not _cued(lower, self.cue or cues(self.pattern.pattern)):
            return
        for m in self.pattern.finditer(text):
            yield Hit(
                self.name,
                m.start(),
                m.end(),
                self.severity,
                self.message,
                self.code_penalty,
                self.describable,
                self.boost,
                self.handed_penalty,
            )


# -- instruction overrides in many languages ---------------------------------------------

_SENTENCE = re.compile(r"[.!?。！？؟।\n]")
_WINDOW = 90
# "to ignore", "can override", "allows you to bypass": a description of the act, not the act.
_DESCRIBED = re.compile(
    r"(?:\b(?:can|could|may|might|to|allows?|lets?|able|tries|trying|attempts?|used|would|cannot|can't|won't"
    r"|will not|how|ways?|whether|not)\s+(?:\w+\s+){0,2})$",
    _I,
)


def _cued(lower: str, literals: tuple[str, ...] | None) -> bool:
    return literals is None or any(c in lower for c in literals)


def overrides(text: str, lower: str) -> Iterator[Hit]:
    """A verb of dismissing, a pointer at standing orders and the orders, in one sentence, in any language."""
    seen: set[int] = set()
    for lang in COMPILED:
        if not _cued(lower, lang.obj_cues):
            continue
        objects = [(m, True) for m in lang.obj.finditer(text)]
        if lang.obj_weak is not None:
            objects += [(m, False) for m in lang.obj_weak.finditer(text)]
        for obj, strong_obj in objects:
            lo, hi = _sentence_window(text, obj.start(), obj.end())
            qual = next((q for q in lang.qual.finditer(text, lo, hi) if not _overlaps(q, obj)), None)
            if qual is None:
                continue
            verb = next((v for v in lang.verb.finditer(text, lo, hi) if not _overlaps(v, obj)), None)
            if verb is None and lang.verb_weak is not None:
                weak = next((v for v in lang.verb_weak.finditer(text, lo, hi) if not _overlaps(v, obj)), None)
                pointed = lang.qual_strong is not None and lang.qual_strong.search(text, lo, hi) is not None
                verb = weak if weak is not None and (strong_obj or pointed) else None
            if verb is None:
                continue
            start, end = min(verb.start(), qual.start(), obj.start()), max(verb.end(), qual.end(), obj.end())
            if start in seen:
                continue
            seen.add(start)
            described = bool(_DESCRIBED.search(text, max(0, verb.start() - 30), verb.start()))
            sev = Severity.MEDIUM if described else Severity.HIGH
            yield Hit("agent-instructions", start, end, sev, f"tells the reader to drop its instructions ({lang.code})")
    for lang in COMPILED:
        if not _cued(lower, lang.phrase_cues):
            continue
        for m in lang.phrase.finditer(text):
            yield Hit("agent-instructions", m.start(), m.end(), Severity.MEDIUM, f"re-casts the agent ({lang.code})")


def _sentence_window(text: str, start: int, end: int) -> tuple[int, int]:
    lo = max(0, start - _WINDOW)
    cut = [m.end() for m in _SENTENCE.finditer(text, lo, start)]
    hi_m = _SENTENCE.search(text, end, min(len(text), end + _WINDOW))
    return (cut[-1] if cut else lo), (hi_m.start() if hi_m else min(len(text), end + _WINDOW))


def _overlaps(a: re.Match[str], b: re.Match[str]) -> bool:
    return a.start() < b.end() and b.start() < a.end()


# -- the rest, as patterns -------------------------------------------------------------------

_AI = (
    r"(?:AI|A\.I\.|LLMs?|language models?|assistants?|agents?|models?|bots?|chat ?bots?|ChatGPT|GPT|Claude|Copilot"
    r"|Gemini)"
)
_SECRET = (
    r"(?:api[ _-]?keys?|secret(?: access)? keys?|access keys?|private keys?|ssh keys?|keys? file|(?:access |auth "
    r"|bearer "
    r"|session |api )tokens?|tokens? (?:you|the user)|passwords?|passphrases?|secrets?|credentials?(?: file)?|cookies?"
    r"|session (?:tokens?|cookies?|ids?)|auth(?:orization)? headers?|(?:the |this |our |whole |full |entire "
    r"|previous )?"
    r"(?:conversation|chat)(?: history| log| so far| transcript)?|(?:chat|conversation|browsing|message|search) history"
    r"|memor(?:y|ies)|context window|system prompt|(?:initial|hidden|previous) instructions|env(?:ironment)?"
    r"(?: variables| vars)|\.env\b|~/\.ssh\S*|\.ssh/\S+|id_rsa|id_ed25519|id_ecdsa|~/\.aws\S*|aws credentials"
    r"|kube ?config|\.netrc|\.npmrc|\.pypirc|/etc/(?:passwd|shadow)|personal (?:data|information|details)"
    r"|(?:the )?user'?s? (?:\w+ )?(?:data|details|info(?:rmation)?|messages|files|e-?mails?|address(?:es)?|location"
    r"|contacts|notes|documents|keys?|tokens?|passwords?|credentials|secrets|memory|memories|phone(?: number)?)"
    r"|(?:every|all|each|any) (?:\w+ )?(?:messages?|e-?mails?|chats?|conversations?|repl(?:y|ies)|prompts?|questions?)"
    r"|(?:everything|anything|whatever) (?:the user|they|you) (?:says?|said|writes?|wrote|types?|typed|asks?|asked)"
    r"|credit card(?: numbers?)?|card numbers?|social security"
    r"|\$?\{?[A-Z][A-Z0-9]*_?(?:API_?)?(?:KEY|TOKEN|SECRET|PASSWORD|PASS|PWD|CREDENTIALS?|AUTH|SESSION|COOKIE)S?\b\}?)"
)
_DEST = (
    r"(?:https?://\S+|\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b|\bwebhooks?\b|pastebin|requestbin|ngrok|(?:a |an )?(?:GET|POST"
    r"|PUT)\b"
    r"|HTTP(?:S)? (?:request|call)|query (?:string|param\w*)|(?:this|that|the following|my|our|an? external) (?:url"
    r"|address"
    r"|endpoint|server|webhook|site|inbox|form)|image (?:url|link|src))"
)
_SEND = (
    r"(?:send|sends|sending|post|posting|upload|uploading|forward|forwarding|e-?mail|mail|transmit|exfiltrate|leak|copy"
    r"|paste|submit|include the (?:value|contents?)|append|attach|embed|share|deliver|beam|dump)"
)
# Within one sentence: a dot is a sentence end only when a space follows (not in URLs, file names).
_W = r"(?:[^\n.!?]|[.!?](?=\S))"
_NEGATED = r"(?<!never )(?<!not )(?<!n't )(?<!avoid )(?<!no )"
_HOME_TARGET = (
    r"(?:/|/\*|~|~/|~/\*|\$HOME/?|\$HOME/\*|\"\$HOME\"|\.\./\*?|\*|/(?:etc|usr|var|home|root|boot|bin|lib|opt)/?\*?)"
)

RULES: tuple[Rule, ...] = (
    Rule(
        "agent-instructions",
        re.compile(
            rf"\b(?:if|when|whenever) you(?:'re| are) an? (?:AI|LLM|language model|assistant|agent|bot|model|chatbot)\b"
            rf"|\b(?:attention|important|urgent|note|notice)\s*[,:!-]?\s*(?:AI|LLM|assistant|agent"
            rf"|ChatGPT|Claude|GPT|Copilot|Gemini|bots?|language model)\b\s*[,:!]"
            rf"|\b(?:to|for) (?:any|all|the|every) {_AI} (?:reading|processing|summari[sz]ing|parsing|ingesting|seeing"
            rf"|viewing|retrieving|indexing)\b"
            rf"|\b{_AI} (?:reading|processing|summari[sz]ing|parsing|ingesting|retrieving) (?:this|these)\b"
            r"|\b(?:when|if|once|whenever|as soon as|after) you (?:read|see|process|summari[sz]e|load|retrieve"
            r"|encounter"
            r"|parse|ingest|find) (?:this|these)(?: (?:page|note|memory|file|document|text|line|message"
            r"|instructions?))?\b",
            _I,
        ),
        Severity.MEDIUM,
        "addresses the agent reading the page",
        boost=False,
    ),
    Rule(
        "agent-instructions",
        # A greeting is how a person's own profile for their assistant starts ("hey assistant, context
        # about me:"); what follows it is weighed by the rules for orders.
        re.compile(
            r"\b(?:dear|hey|hello|hi)\s*[,:!-]?\s*(?:AI|LLM|assistant|agent|ChatGPT|Claude|GPT|Copilot|Gemini|bots?"
            r"|language model)\b\s*[,:!]",
            _I,
        ),
        Severity.LOW,
        "greets the agent reading the page",
        boost=False,
    ),
    Rule(
        "agent-instructions",
        re.compile(
            rf"\b(?:note|message|instructions?|memo|reminder|notice|directive)s? (?:to|for) (?:the |any |all )?{_AI}\b",
            _I,
        ),
        Severity.LOW,
        "a message for AI readers",
        boost=False,
    ),
    Rule(
        "agent-instructions",
        re.compile(
            r"(?:(?m:^)|(?<=[.!?:]\s))[#>*_ \t]*(?:new|updated|revised|real|actual|true|secret|hidden|override"
            r"|overriding|priority|additional|special) (?:system )?(?:instructions?|directives?|orders|rules|prompt"
            r"|task"
            r"|objective|mission|goals?)\s*(?::|follow\b)",
            _I,
        ),
        Severity.MEDIUM,
        "announces new instructions",
        cue=("instruction", "directive", "orders", "rules", "prompt", "task", "objective", "mission", "goal"),
    ),
    Rule(
        "agent-instructions",
        re.compile(
            r"\bdecode (?:this|these|the following|it|the above|the string|the text|the payload)(?: base64| string"
            r"| text| payload)?,? (?:and|then) (?:follow|execute|run|obey|do|act on|apply|carry out|perform)\b",
            _I,
        ),
        Severity.HIGH,
        "asks the agent to decode a payload and act on it",
    ),
    Rule(
        "role-marker",
        re.compile(
            r"<\|(?:im_start|im_end|system|assistant|user|endoftext|eot_id|start_header_id|end_header_id"
            r"|begin_of_text)\|>"
            r"|\[/?INST\]|<</?SYS>>|<\|?(?:system|assistant)\|?>|</?(?:system|system_prompt|instructions)>",
            _I,
        ),
        Severity.HIGH,
        "chat-template marker that fakes a new message",
    ),
    Rule(
        "role-marker",
        re.compile(
            r"^[ \t]*#{1,6}[ \t]*(?:system|assistant|developer)(?: (?:prompt|message|instructions?"
            r"|override))?[ \t]*:?[ \t]*$"
            r"|^[ \t>*_]*(?:system|assistant|developer|admin)(?: (?:prompt|message|note|override))?[ \t*_]*:[ \t]*"
            r"(?=[^\n]*\b(?:you|your|must|ignore|always|never|from|obey|follow|new|instructions?|override|rules|do not"
            r"|don't|now|reply|respond|answer)\b)",
            _I | _M,
        ),
        Severity.MEDIUM,
        "line poses as a system or assistant message",
    ),
    Rule(
        "tool-call",
        re.compile(
            r"<\/?(?:tool_call|tool_use|tool_result|function_calls?|function_results|invoke|antml:[a-z_]+)\b"
            r"|\"(?:function_call|tool_calls)\"\s*:|\{\s*\"name\"\s*:\s*\"[^\"]+\"\s*,\s*\"(?:arguments|parameters"
            r"|input)\"\s*:",
            _I,
        ),
        Severity.HIGH,
        "tool-call markup an agent may treat as its own call",
    ),
    Rule(
        "tool-hijack",
        re.compile(
            rf"\brm\s+(?:-[a-zA-Z]*[rRf][a-zA-Z]*\s+|--recursive\s+|--force\s+"
            rf"|--no-preserve-root\s+)+['\"]?{_HOME_TARGET}"
            rf"['\"]?(?=[\s`'\";)|&]|$)"
            r"|\brm\s+(?:-[a-zA-Z]*[rRf][a-zA-Z]*\s+)+['\"]?~/[\w.-]+/\*"
            r"|\bmkfs(?:\.\w+)?\s+/dev/|\bdd\s+[^\n]*\bof=/dev/(?:sd|nvme|hd|disk|mmcblk)|>\s*/dev/sd[a-z]\b"
            r"|\bchmod\s+(?:-R\s+)?0?777\s+/(?:\s|$)|:\(\)\s*\{\s*:\s*\|\s*:\s*&\s*\}\s*;\s*:"
            r"|\bshred\b[^\n]*(?:/dev/|~/[^\s`'\"]*\*|~/\.(?:ssh|gnupg)\b)|\bdel\s+/[fsq]\b[^\n]*(?:[a-z]:\\|%userprofile%)"
            r"|(?-i:\bformat\s+[C-Z]:)(?=\s|$|/)"
            r"|\bRemove-Item\b[^\n]*-Recurse[^\n]*(?:~|\$HOME|\$env:USERPROFILE|[A-Z]:\\)(?:\s|$|\\\*)"
            r"|\bfind\s+(?:~|/|\$HOME)/?\s[^\n]*-delete\b|\bshutil\.rmtree\(\s*['\"](?:/|~|/home|/Users)['\"/]"
            r"|\bos\.system\(\s*['\"]rm\s+-rf?\s+[~/]",
            _I,
        ),
        Severity.HIGH,
        "destructive command",
        code_penalty=1,
        cue=(
            "rm ",
            "mkfs",
            "dd ",
            "/dev/sd",
            "chmod",
            ":()",
            "shred",
            "del ",
            "format ",
            "remove-item",
            "find ",
            "rmtree",
            "os.system",
        ),
    ),
    Rule(
        "tool-hijack",
        re.compile(
            r"\bgit\s+push\b[^\n|;&]*(?:\s--force(?!-with-lease)\b|\s-f\b|\s--delete\b|\s--mirror\b|\s:\w)"
            r"|\bkubectl\s+delete\s+(?:ns|namespaces?|pvc|pv|deploy\w*|--all)\b|\b(?:DROP\s+(?:SCHEMA|DATABASE|TABLE)"
            r"|TRUNCATE\s+TABLE)\b|\baws\s+s3\s+(?:rm\b[^\n]*--recursive|rb\b)|\bgsutil\s+(?:-m\s+)?rm\s+-r"
            r"|\bterraform\s+destroy\b|\bhelm\s+(?:delete|uninstall)\b[^\n]*--all"
            r"|\blaunchctl\s+(?:unload|bootout|remove)\b|\bsystemctl\s+(?:stop|disable|mask)\s+[^\n]*(?:firewall|ufw|apparmor"
            r"|selinux|falcon|defender|clamav|auditd|osquery|sentinel|crowdstrike|fail2ban)"
            r"|\bsetenforce\s+0\b|\bufw\s+disable\b|\bspctl\s+--master-disable|\bcsrutil\s+disable"
            r"|socketfilterfw\s+--setglobalstate\s+off|\bSet-MpPreference\b[^\n]*-Disable\w+\s+\$?true"
            r"|\biptables\s+(?:-F|--flush)\b|\bchmod\s+-R\s+0?777\b|\busermod\s+-aG\s+(?:sudo|wheel|admin)"
            r"|NOPASSWD:\s*ALL|\bhistory\s+-c\b|\bunset\s+HISTFILE|\bgit\s+(?:reset\s+--hard|clean\s+-[a-z]*f[a-z]*d)"
            r"[^\n]*&&[^\n]*push",
            _I,
        ),
        Severity.MEDIUM,
        "destroys data or history, or turns a protection off",
        code_penalty=2,
        cue=(
            "push",
            "kubectl",
            "drop",
            "truncate",
            "aws",
            "gsutil",
            "terraform",
            "helm",
            "launchctl",
            "systemctl",
            "setenforce",
            "ufw",
            "spctl",
            "csrutil",
            "socketfilterfw",
            "set-mppreference",
            "iptables",
            "chmod",
            "usermod",
            "nopasswd",
            "history",
            "histfile",
        ),
    ),
    Rule(
        "tool-hijack",
        re.compile(
            r"\brm\s+(?:-[a-zA-Z]*[rRf][a-zA-Z]*\s+)+['\"]?~/(?!\.)[\w-]+/?['\"]?(?=[\s`'\";)|&]|$)"
            # As root, a tree outside the scratch places.
            r"|\bsudo\s+rm\s+(?:-[a-zA-Z]*[rR][a-zA-Z]*\s+)+['\"]?/(?!tmp\b|var/tmp\b|var/cache\b|dev/shm\b)[\w.-]+",
            _I,
        ),
        Severity.MEDIUM,
        "deletes a folder in the home directory, or a tree as root",
        code_penalty=2,
    ),
    Rule(
        "tool-hijack",
        re.compile(
            r"/dev/tcp/\S+|\bnc(?:at)?\s+(?:-\w+\s+)*-[a-z]*e\s+/bin/(?:ba)?sh|\bsocat\b[^\n]*exec:|\bbash\s+-i\s+>&"
            r"|>>\s*~?/?\.ssh/authorized_keys\b|\b(?:echo|tee -a)\b[^\n]*authorized_keys"
            r"|(?:^|[`'\"\s])(?:(?:[\d*/,-]+\s+){5}|@(?:reboot|hourly|daily|weekly))[^\n]{0,60}\b(?:curl|wget)\b"
            r"|\bgit\s+config\s+--global\s+core\.hooksPath|\bchmod\s+[u+]*s\s"
            r"|\bpowershell(?:\.exe)?\b[^\n]*\s-(?:e|enc|encodedcommand)\s+[A-Za-z0-9+/=]{20,}"
            r"|\biex\s*\(\s*(?:New-Object|iwr|irm|Invoke-WebRequest|Invoke-RestMethod)",
            _I,
        ),
        Severity.HIGH,
        "remote shell, persistence or hidden PowerShell",
        code_penalty=1,
        cue=(
            "/dev/tcp",
            "nc ",
            "ncat",
            "socat",
            "bash -i",
            "authorized_keys",
            "curl",
            "wget",
            "hookspath",
            "chmod",
            "powershell",
            "iex",
        ),
    ),
    Rule(
        "tool-hijack",
        re.compile(
            r"\b(?:curl|wget|fetch|iwr|irm|Invoke-WebRequest|Invoke-RestMethod)\b[^\n|]*\|\s*(?:sudo\s+(?:-\w+\s+)*)?"
            r"(?:(?:ba|z|k|da|fi)?sh|python3?|perl|ruby|node|php|iex|Invoke-Expression|source)\b"
            r"|\b(?:ba|z)?sh\s+(?:-c\s+)?[\"']?(?:\$\(|<\(|`)\s*(?:curl|wget)\b|\beval\s+[\"']?(?:\$\(|`)\s*(?:curl"
            r"|wget)\b"
            r"|\bsource\s+<\(\s*(?:curl|wget)",
            _I,
        ),
        Severity.MEDIUM,
        "runs a script fetched from the network",
        code_penalty=2,
        # Every official installer is handed over so ("Run: curl -fsSL https://sh.rustup.rs | sh").
        handed_penalty=1,
    ),
    Rule(
        "tool-hijack",
        re.compile(
            r"\b(?:before|prior to|instead of) (?:you )?(?:answer|respond|repl(?:y|ies|ying)|summari[sz]|continu"
            r"|proceed"
            r"|do(?:ing)? anything|start|replying|answering|responding|talking|helping)\w*(?:[^.\n]"
            r"|\.(?=\S)){0,80}?\b(?:run|execute"
            r"|exec|invoke|call|launch|open|fetch|visit|download|install|delete|remove|send|upload|post)\b"
            r"|\b(?:run|execute|exec|invoke|call|launch|type)\b(?:[^.\n]|\.(?=\S)){0,80}?\b(?:before (?:you |each "
            r"|every |your "
            r"|any )?"
            r"(?:answer|respond|repl|doing|continu|proceed|anything|replying|answering|responding|talking)\w*"
            r"|(?:as part of|in|with|during|at the start of) (?:your|each|every) (?:next )?(?:reply|answer|response"
            r"|turn))"
            r"|\b(?:run|execute|exec|invoke)\s+(?:this|the following|these|that)\s+(?:command|script|code|snippet)s?\b"
            r"(?:[^.\n]|\.(?=\S)){0,40}\b(?:without (?:asking|confirm\w*|permission|approval|telling|checking"
            r"|review\w*)|silently"
            r"|quietly|immediately|automatically|right away)"
            r"|\b(?:use|call|invoke) (?:the |your )?(?:[\w-]+ )?(?:shell|terminal|bash|exec\w*|code[ _]interpreter"
            r"|run_command|computer|browser)(?: tool| function| plugin)?\b(?:[^.\n]|\.(?=\S)){0,40}\b(?:to"
            r"|and) (?:run|execute"
            r"|delete"
            r"|remove|send|upload|download|install|post|fetch|wipe|erase)\b",
            _I,
        ),
        Severity.MEDIUM,
        "tells the agent to run something",
        code_penalty=1,
    ),
    Rule(
        "exfiltration",
        re.compile(
            rf"{_NEGATED}\b{_SEND}\b{_W}{{0,80}}?{_SECRET}{_W}{{0,80}}?\b(?:to|at|into|in|via|using|as|through|over"
            rf"|with)\b{_W}{{0,40}}?{_DEST}"
            rf"|{_SECRET}{_W}{{0,60}}?\b(?:{_SEND}|put|place|add|write|encode) (?:it|them|this|that"
            rf"|these)\b{_W}{{0,40}}?\b"
            rf"(?:to|at|into|in|via|using|as|through|over|with|of)\b{_W}{{0,40}}?{_DEST}",
            _I,
        ),
        Severity.HIGH,
        "sends something the agent holds to somewhere else",
        code_penalty=1,
    ),
    Rule(
        "exfiltration",
        re.compile(
            r"!\[[^\]\n]*\]\(\s*https?://[^)\s]*[?&#/][^)\s]*(?:\{[^}\s]*\}|\$\{?\w+|<[A-Za-z_ ]+>|\[[A-Z_ ]{3,}\]|%s"
            r"|\{\{[^}]*\}\}|(?:data|q|d|c|msg|text|content|secret|key|token|memory|history|conv\w*)=(?:DATA|SECRET|KEY"
            r"|TOKEN|\.\.\.|…|X+|INSERT\w*|REPLACE\w*))"
            r"|\bhttps?://[^\s)\"']*[?&][\w-]+=(?:\$\{?[A-Z_]*(?:KEY|TOKEN|SECRET|PASS\w*|CRED\w*)\}?|\$\(cat\s"
            r"|\{\{?\s*"
            r"(?:api_?key|token|secret|password|conversation|history|memory|chat|summary|user_?data)\s*\}?\})",
            _I,
        ),
        Severity.HIGH,
        "a URL built to carry data out when an agent renders or fetches it",
        code_penalty=1,
    ),
    Rule(
        "exfiltration",
        re.compile(
            r"\b(?:curl|wget|http|httpie|Invoke-WebRequest|Invoke-RestMethod|iwr|irm|nc|ncat)\b[^\n]{0,120}?"
            r"(?:-d\s*@|--data(?:-binary|-raw|-urlencode)?[= ]\s*[@\"']?[^\n]{0,20}?|-F\s*\S*=?@|--form\s*\S*=?@"
            r"|--upload-file[= ]|-T\s+|--post-(?:file|data)[= ]|-InFile\s+|<\s*)"
            r"(?:~/|\$HOME|/etc/(?:passwd|shadow)|\S*\.ssh/|\S*\.aws/|\S*\.env\b|\S*id_(?:rsa|ed25519|ecdsa)|\$\(cat\s"
            r"|\$\{?[A-Z_]*(?:KEY|TOKEN|SECRET|PASS\w*)|\S*credentials|\S*\.netrc|\S*\.kube/)",
            _I,
        ),
        Severity.HIGH,
        "uploads a local secret with a command",
        code_penalty=1,
    ),
    Rule(
        "exfiltration",
        re.compile(
            rf"{_NEGATED}\b(?:reveal|print|output|show|display|repeat|dump|leak|tell me|give me|share|disclose|expose"
            r"|recite|echo|write out|list)\s+(?:me\s+|us\s+)?(?:your|the|all|any|every)\s+(?:full |entire |complete "
            r"|original |hidden |initial |exact |verbatim |secret |saved |stored )*(?:system prompt|system message"
            r"|initial instructions|hidden instructions|instructions above|pre-?prompt|developer message|api keys?"
            r"|credentials|passwords?|secrets|access tokens?|private keys?|stored keys|\.env file)\b",
            _I,
        ),
        Severity.MEDIUM,
        "asks for the agent's instructions or secrets",
    ),
    Rule(
        "secrecy",
        re.compile(
            r"\b(?:do not|don't|never|must not|should not)\s+(?:tell|inform|alert|notify|warn|mention (?:this |it )?to"
            r"|reveal (?:this |it )?to|disclose (?:this |it )?to|show (?:this |it )?to|let)\s+(?:this |it |anything )?"
            r"(?:to )?(?:the |your )?(?:user|human|owner|operator|person|reviewer|admin)s?\b(?! (?:whether|if|which"
            r"|that the|(?:their|his|her|the|a|an|any) (?:\w+ ){0,2}"
            r"(?:password|passcode|PIN|code|secret|token|key)s?\b))"
            r"|\bwithout (?:telling|informing|notifying|alerting|asking|consulting|confirming with|the knowledge of)\s+"
            r"(?:the |your )?(?:user|human|owner|operator|reviewer)s?\b"
            r"|\b(?:keep|hide) (?:this|it|these instructions|the following|this note|this page) (?:secret |hidden "
            r"|confidential |private )?from (?:the |your )?(?:user|human|owner|operator|reviewer)s?\b"
            r"|\bthe (?:user|human|owner|operator) (?:must|should|need|needs to) not (?:know|find out|see|notice"
            r"|be told)",
            _I,
        ),
        Severity.MEDIUM,
        "asks to hide something from the person",
        cue=(
            "tell",
            "inform",
            "alert",
            "notify",
            "warn",
            "mention",
            "reveal",
            "disclose",
            "show",
            "let",
            "keep",
            "hide",
            "must not",
            "should not",
            "need",
            "without",
        ),
    ),
    Rule(
        "secrecy",
        re.compile(
            r"\b(?:silently|quietly|secretly|covertly|discreetly|invisibly|stealthily)\s*,?\s*(?:run|execute|send"
            r"|delete"
            r"|remove|upload|forward|copy|transfer|approve|add|modify|change|call|post|e-?mail|include|append|insert"
            r"|replace|rewrite|wipe|erase|pay|exfiltrate)\b",
            _I,
        ),
        Severity.LOW,
        "asks for an action nobody would see",
    ),
)

CONTENT_RULES: tuple[Callable[[str, str], Iterator[Hit]], ...] = (overrides, *(rule.hits for rule in RULES))


def content_hits(text: str) -> Iterator[Hit]:
    lower = text.lower()
    for rule in CONTENT_RULES:
        yield from rule(text, lower)
