import json,sys,re,os,bisect,collections
prof=json.load(open(sys.argv[1]))
ranges={}
def mod_of(url,line):
    path=url.replace('file://','')
    if path not in ranges:
        marks=[]
        try:
            for i,l in enumerate(open(path)):
                m=re.match(r'^// (\S+)$',l)
                if m: marks.append((i,m.group(1)))
        except Exception: pass
        ranges[path]=marks
    marks=ranges[path]
    idx=bisect.bisect_right([m[0] for m in marks],line)-1
    return marks[idx][1] if idx>=0 else os.path.basename(path)
nodes={n['id']:n for n in prof['nodes']}
dt=collections.Counter()
for s,d in zip(prof['samples'],prof['timeDeltas']):
    cf=nodes[s]['callFrame']
    key=mod_of(cf['url'],cf['lineNumber']) if cf['url'].startswith('file:///tmp') else (cf['url'] or cf['functionName'] or '(native)')
    dt[key]+=d
print('total ms',sum(dt.values())/1000)
pk=collections.Counter()
for k,v in dt.items():
    m=re.search(r'node_modules/((?:@[^/]+/)?[^/]+)',k)
    pk[m.group(1) if m else (k.split('/')[0] if '/' in k else k)]+=v
for k,v in pk.most_common(25): print(f'{v/1000:8.1f} {k}')
print('---')
for k,v in dt.most_common(40): print(f'{v/1000:8.1f} {k}')
