const fs=require('fs');const {SourceMapConsumer}=require('source-map-js');
const dir='dist/app/assets/';const f=process.argv[2]||fs.readdirSync(dir).find(n=>/^index-.*\.js$/.test(n));
const code=fs.readFileSync(dir+f,'utf8');const map=new SourceMapConsumer(JSON.parse(fs.readFileSync(dir+f+'.map','utf8')));
const lines=code.split('\n');const sizes={};
let prev=null;
map.eachMapping(m=>{ if(prev){ const len = (m.generatedLine===prev.generatedLine? m.generatedColumn-prev.generatedColumn : lines[prev.generatedLine-1].length-prev.generatedColumn); const k=prev.source||'?'; sizes[k]=(sizes[k]||0)+len;} prev=m;});
const detail=process.argv[4]||'';
const group={};for(const [k,v] of Object.entries(sizes)){let g;
 if(detail && k.includes(detail)) g='D:'+k.slice(k.indexOf(detail));
 else if(k.includes('node_modules/')) g=k.replace(/.*node_modules\//,'nm:').replace(/^(nm:(@[^/]+\/)?[^/]+).*/,'$1');
 else g=k.replace(/^(\.\.\/)+/,'');
 group[g]=(group[g]||0)+v;}
const arr=Object.entries(group).sort((a,b)=>b[1]-a[1]);let tot=0;for(const [,v] of arr)tot+=v;console.log('total',tot);
for(const [k,v] of arr.slice(0,+process.argv[3]||45))console.log(String(v).padStart(7),k);
