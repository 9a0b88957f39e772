import json,sys,collections
prof=json.load(open(sys.argv[1]))
nodes={n['id']:n for n in prof['nodes']}
parent={}
for n in prof['nodes']:
    for c in n.get('children',[]): parent[c]=n['id']
self_t=collections.Counter(); incl=collections.Counter()
for s,d in zip(prof['samples'],prof['timeDeltas']):
    cf=nodes[s]['callFrame']; self_t[(cf['functionName'],cf['lineNumber'])]+=d
    seen=set(); n=s
    while n is not None:
        cf=nodes[n]['callFrame']; k=(cf['functionName'],cf['lineNumber'])
        if k not in seen: incl[k]+=d; seen.add(k)
        n=parent.get(n)
print('self'); [print(f'{v/1000:7.1f} {k}') for k,v in self_t.most_common(25)]
print('incl'); [print(f'{v/1000:7.1f} {k}') for k,v in incl.most_common(45)]
