import json, os
BASE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PAGES = os.path.join(BASE, 'pages')
META = os.path.join(BASE, 'src', 'meta')

def emit(group, cls, start, items):
    """items: list of (style, lang, text); numbered from start."""
    os.makedirs(PAGES, exist_ok=True); os.makedirs(META, exist_ok=True)
    meta = []
    for i, (style, lang, text) in enumerate(items):
        f = 'b-%s-%03d.md' % (cls, start + i)
        text = text.replace('\r\n', '\n').lstrip('\n').rstrip('\n') + '\n'
        with open(os.path.join(PAGES, f), 'w', encoding='utf-8', newline='\n') as fh:
            fh.write(text)
        meta.append({'file': f, 'label': 'benign', 'class': cls, 'style': style,
                     'language': lang, 'previous': None})
    with open(os.path.join(META, group + '.json'), 'w', encoding='utf-8') as fh:
        json.dump(meta, fh, ensure_ascii=False)
    print(group, len(meta))
