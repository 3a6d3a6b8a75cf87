import re,json,os
s=open('dist/app/index.html').read();m=re.search(r'startEarlyRequests\((\{.*\})\)\}\)\(\)</script>',s);t=json.loads(m.group(1))
for r in t['routes']:
  if r[0] in ('/login','/home/','/home/$grantName/$','/signup','/volume/$volumeId/metric'):
    sizes=[(c.split('/')[-1][:30], os.path.getsize('dist/app'+c+'.br') if os.path.exists('dist/app'+c+'.br') else os.path.getsize('dist/app'+c)) for c in (t['chunks'][i] for i in r[1])]
    print(r[0], len(sizes), sum(x for _,x in sizes), sizes)
