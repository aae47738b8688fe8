import json, os, glob, collections, yaml
from common import BASE, PAGES
rows = [json.loads(l) for l in open(os.path.join(BASE, 'manifest.jsonl'), encoding='utf-8')]
files = sorted(os.path.basename(p) for p in glob.glob(os.path.join(PAGES, '*.md')))
assert [r['file'] for r in rows] == files, 'manifest/file mismatch'
errs = []
for r in rows:
    b = open(os.path.join(PAGES, r['file']), 'rb').read()
    t = b.decode('utf-8')
    if b'\r' in b: errs.append((r['file'], 'CR'))
    if not t.endswith('\n') or t.endswith('\n\n'): errs.append((r['file'], 'final newline'))
    n = t.count('\n')
    if not 5 <= n <= 90: errs.append((r['file'], 'lines %d' % n))
    if t.startswith('---\n'):
        end = t.find('\n---\n', 4)
        if end < 0: errs.append((r['file'], 'unterminated fm')); continue
        try:
            d = yaml.safe_load(t[4:end])
            if not isinstance(d, dict): errs.append((r['file'], 'fm not mapping'))
        except Exception as e:
            errs.append((r['file'], 'yaml: %s' % e))
    assert r['label'] == 'benign' and r['previous'] is None
cls = collections.Counter(r['class'] for r in rows)
print('classes', dict(cls))
for c in ('plain', 'risky'):
    lc = collections.Counter(r['language'] for r in rows if r['class'] == c)
    non_en = sum(v for k, v in lc.items() if k != 'en')
    print(c, 'non-en %d/%d' % (non_en, cls[c]), dict(sorted(lc.items())))
print('errors', errs)
assert cls['plain'] == 60 and cls['risky'] == 100 and not errs
print('OK')
