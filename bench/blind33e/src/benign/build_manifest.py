import json, glob, os
from common import BASE, META
rows = []
for f in sorted(glob.glob(os.path.join(META, '*.json'))):
    rows += json.load(open(f, encoding='utf-8'))
rows.sort(key=lambda r: r['file'])
with open(os.path.join(BASE, 'manifest.jsonl'), 'w', encoding='utf-8', newline='\n') as fh:
    for r in rows:
        fh.write(json.dumps(r, ensure_ascii=False) + '\n')
print(len(rows), 'rows')
