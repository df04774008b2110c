import { type GameKind, choicesOf, oddsOf } from './engine.ts'
import { esc, hash, scriptJson } from './images.ts'
import { type PageLanguage, pageStrings, pageTag } from './strings.ts'
import { decimal } from '../decimal.ts'

/**
 * The demo game pages: one small self-contained HTML document per game kind (inline CSS and JS, no
 * external assets). The page plays rounds through `POST <its own path>/round` and tells the embedding
 * page about the new balance with `postMessage` to its own origin.
 * @module
 */

/** What a play page needs to render. */
export interface PlayPage {
  kind: GameKind
  lang: PageLanguage
  nodeId: string
  name: string
  vendor: string
  color: string
  /** Minor units. */
  minBet: number
  balance: number
  /** Lottery only: the open draw. */
  draw?: { numero: string; remainTime: number }
}

const clubs = [
  'Harbor City FC',
  'Red Lions',
  'Northbridge United',
  'Atlético Sierra',
  'Real Costa',
  'Blue Falcons',
  'Deportivo Luna',
  'River Plate Sur',
  'Saigon Stars',
  'Hanoi Thunder',
]
const teams = ['Nova Five', 'Crimson Owls', 'Team Zenith', 'Void Walkers', 'Iron Tigers', 'Neon Foxes', 'Blue Kraken', 'Pixel Kings']

function sides(p: PlayPage): [string, string] {
  const h = hash(p.nodeId)
  if (p.kind === 'cockfight') return ['Meron', 'Wala']
  const list = p.vendor === 'TF' || p.vendor === 'IA' ? teams : clubs
  const a = h % list.length
  const b = (a + 1 + ((h >>> 8) % (list.length - 1))) % list.length
  return [list[a], list[b]]
}

// Reel symbols are drawn, not written with emoji: a device without an emoji font showed empty boxes.
// Each is a small SVG picture (the page allows `img-src data:`), its name the alt text.
const svg = (body: string): string => `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${body}</svg>`)}`
const symbolGlyph: Record<string, string> = {
  SEVEN: svg('<path d="M14 10h36v8L30 56h-10l19-38H14z" fill="#b91c1c"/>'),
  BAR: svg(
    '<rect x="4" y="20" width="56" height="24" rx="4" fill="#1f2937"/><path d="M12 26h6a4 4 0 0 1 0 6 4 4 0 0 1 0 6h-6zM26 38l4-12h2l4 12M27 34h6M40 38V26h5a3 3 0 0 1 0 6h-5M45 32l4 6" fill="none" stroke="#facc15" stroke-width="2"/>',
  ),
  BELL: svg('<path d="M32 8a4 4 0 0 1 4 4v2c8 2 12 9 12 18v10l6 6H10l6-6V32c0-9 4-16 12-18v-2a4 4 0 0 1 4-4z" fill="#f59e0b"/><circle cx="32" cy="54" r="5" fill="#b45309"/>'),
  CHERRY: svg(
    '<path d="M22 40C26 24 34 14 46 8M42 42C42 28 44 18 46 8" fill="none" stroke="#15803d" stroke-width="3"/><circle cx="20" cy="44" r="11" fill="#dc2626"/><circle cx="42" cy="46" r="11" fill="#b91c1c"/>',
  ),
  LEMON: svg('<ellipse cx="32" cy="34" rx="24" ry="17" fill="#facc15"/><path d="M8 34l-4 2M56 34l4-2" stroke="#ca8a04" stroke-width="3"/>'),
  STAR: svg('<path d="M32 6l7.6 16.4L58 24.6 44.4 37l3.6 18.4L32 46.4 16 55.4 19.6 37 6 24.6l18.4-2.2z" fill="#eab308"/>'),
}
/** A reel's picture: the symbol's drawing with its name. */
const reelImage = (symbol: string, name: string): string => `<img src="${symbolGlyph[symbol]}" alt="${esc(name)}" width="64" height="64">`

function choicesFieldset(p: PlayPage): string {
  if (p.kind === 'slot') return ''
  const t = pageStrings[p.lang]
  const odds = oddsOf[p.kind]
  const [home, away] = sides(p)
  const label = (c: string): string => {
    if (p.kind === 'lottery') return t.number.replace('{n}', c)
    if (p.kind === 'match' && c !== 'draw') return `${c === 'home' ? home : away} (${t[c as 'home' | 'away']})`
    return t[c as 'player' | 'banker' | 'tie' | 'draw' | 'meron' | 'wala']
  }
  const items = choicesOf[p.kind]
    .map(
      (c, i) =>
        `<label class="choice"><input type="radio" name="choice" value="${c}"${i === 0 ? ' checked' : ''}><span>${esc(p.kind === 'lottery' ? c : label(c))}</span>` +
        `<small>${esc(t.odds.replace('{odds}', (odds[c] / 100).toFixed(2)))}</small>${p.kind === 'lottery' ? `<span class="sr">${esc(label(c))}</span>` : ''}</label>`,
    )
    .join('')
  return `<fieldset class="choices ${p.kind}"><legend>${esc(t.pick)}</legend>${items}</fieldset>`
}

function stage(p: PlayPage): string {
  const t = pageStrings[p.lang]
  switch (p.kind) {
    case 'slot':
      return `<div class="reels" role="img" aria-label="${esc(t.reels)}" id="stage">${['CHERRY', 'SEVEN', 'BELL'].map((s) => `<div class="reel">${reelImage(s, t[s as 'CHERRY' | 'SEVEN' | 'BELL'])}</div>`).join('')}</div>`
    case 'table':
      return `<div class="table" id="stage"><div class="hand"><b>${esc(t.player)}</b><output id="a">–</output></div><div class="hand"><b>${esc(t.banker)}</b><output id="b">–</output></div></div>`
    case 'match':
    case 'cockfight': {
      const [home, away] = sides(p)
      return `<div class="table ${p.kind}" id="stage"><div class="hand"><b>${esc(home)}</b><output id="a">–</output></div><div class="hand"><b>${esc(away)}</b><output id="b">–</output></div></div>`
    }
    case 'lottery':
      return (
        `<div class="table" id="stage"><div class="hand"><b>${esc(t.drawn)}</b><output id="a">?</output></div></div>` +
        (p.draw ? `<p id="draw" data-numero="${esc(p.draw.numero)}" data-remain="${p.draw.remainTime}"></p>` : '')
      )
  }
}

const css = `*{box-sizing:border-box}body{margin:0;font:16px/1.4 system-ui,sans-serif;background:#0f172a;color:#f8fafc;min-height:100vh;display:flex;justify-content:center}
main{width:100%;max-width:560px;padding:16px}header{display:flex;justify-content:space-between;align-items:baseline;gap:8px;border-bottom:3px solid var(--c);padding-bottom:8px}
h1{font-size:1.25rem;margin:0}.bal{font-variant-numeric:tabular-nums;font-weight:700}.vendor{opacity:.75;font-size:.85rem}
.reels{display:flex;gap:10px;justify-content:center;margin:24px 0}.reel{width:30%;aspect-ratio:3/4;display:grid;place-items:center;font-size:2.6rem;font-weight:800;background:#f8fafc;color:#b91c1c;border-radius:12px;box-shadow:inset 0 -6px 0 #cbd5e1}
.reel img{width:72%;height:auto}
.spin .reel{animation:s .12s linear infinite}@keyframes s{50%{transform:translateY(4px);opacity:.6}}
.table{display:flex;gap:12px;margin:24px 0}.hand{flex:1;background:#1e293b;border-radius:12px;padding:14px;text-align:center;border:2px solid #334155}
.hand output{display:block;font-size:2.4rem;font-weight:800;font-variant-numeric:tabular-nums}.cockfight .hand:first-child{border-color:#dc2626}.cockfight .hand:last-child{border-color:#2563eb}
fieldset{border:1px solid #334155;border-radius:12px;margin:0 0 14px;padding:10px;display:flex;flex-wrap:wrap;gap:8px}legend{padding:0 6px}
.choice{flex:1 1 30%;display:flex;flex-direction:column;align-items:center;background:#1e293b;border-radius:10px;padding:8px;cursor:pointer;border:2px solid transparent}
.lottery .choice{flex:1 1 15%}.choice:has(input:checked){border-color:var(--c);background:#334155}.choice:focus-within{outline:3px solid #facc15;outline-offset:2px}
.choice input{position:absolute;opacity:0}.choice small{opacity:.75}.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
.row{display:flex;gap:8px;align-items:end;flex-wrap:wrap}label.stake{flex:1;display:flex;flex-direction:column;gap:4px}
input[type=number]{font:inherit;padding:10px;border-radius:10px;border:2px solid #475569;background:#f8fafc;color:#0f172a;width:100%}
button{font:inherit;font-weight:700;padding:10px 16px;border-radius:10px;border:0;cursor:pointer;background:#334155;color:#f8fafc}
button:focus-visible,input:focus-visible{outline:3px solid #facc15;outline-offset:2px}button.go{background:var(--c);min-width:120px;color:#fff}button:disabled{opacity:.6;cursor:wait}
#result{min-height:3em;margin:16px 0;padding:12px;border-radius:10px;background:#1e293b;font-weight:600}#result.win{background:#14532d}#result.err{background:#7f1d1d}
.hint{font-size:.85rem;opacity:.8}`

// Plain ES5-style script (no template literals) so it sits inside this TypeScript template unescaped.
const script = `(function(){
var cfg=JSON.parse(document.getElementById('cfg').textContent),t=cfg.t;
var fmt=new Intl.NumberFormat(cfg.lang,{minimumFractionDigits:2,maximumFractionDigits:2});
var money=function(m){return fmt.format(m/100)};
var $=function(id){return document.getElementById(id)};
var form=$('play'),out=$('result'),bal=$('balance'),btn=$('go'),stake=$('stake');
var pending=null;
function say(text,cls){out.textContent=text;out.className=cls||''}
function show(o){
  if(o.kind==='slot'){var r=document.querySelectorAll('.reel');for(var i=0;i<3;i++){var im=new Image(64,64);im.src=cfg.glyph[o.reels[i]];im.alt=t[o.reels[i]]||'';r[i].replaceChildren(im)}
    $('stage').setAttribute('aria-label',t.reels+': '+o.reels.map(function(s){return t[s]}).join(', '));}
  else if(o.kind==='table'){$('a').textContent=o.player;$('b').textContent=o.banker}
  else if(o.kind==='lottery'){$('a').textContent=o.drawn}
  else{$('a').textContent=o.home;$('b').textContent=o.away}
}
function done(v){
  pending=null;show(v.outcome);bal.textContent=money(v.balance);
  if(v.payout>v.stake)say(t.win.replace('{amount}',money(v.payout)),'win');
  else if(v.payout>0)say(t.push.replace('{amount}',money(v.payout)));
  else say(t.lose);
  if(window.parent!==window)window.parent.postMessage({type:'lk:round',balance:v.balance,nodeId:cfg.nodeId},location.origin);
}
function send(body){
  return fetch(location.pathname.replace(/\\/$/,'')+'/round',{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify(body),credentials:'same-origin'})
    .then(function(res){return res.json().then(function(env){return{status:res.status,env:env}})});
}
form.addEventListener('submit',function(e){
  e.preventDefault();
  var major=Number(String(stake.value).replace(',','.'));
  if(!stake.value||!isFinite(major)||major<=0){say(t.stakeInvalid.replace('{min}',money(cfg.minBet)),'err');stake.focus();return}
  var minor=Math.round(major*100);
  if(minor<cfg.minBet){say(t.stakeTooLow.replace('{min}',money(cfg.minBet)),'err');stake.focus();return}
  var picked=form.querySelector('input[name=choice]:checked');
  var body={stake:minor,choice:picked?picked.value:'',idempotencyKey:''};
  // A retry after a lost connection reuses the same key, so the round is never played twice.
  if(pending&&pending.stake===body.stake&&pending.choice===body.choice)body.idempotencyKey=pending.idempotencyKey;
  else body.idempotencyKey=(crypto.randomUUID?crypto.randomUUID():String(Date.now())+Math.random().toString(36).slice(2)).replace(/[^A-Za-z0-9_-]/g,'');
  pending=body;btn.disabled=true;$('stage').classList.add('spin');say(t.playing);
  send(body).then(function(r){
    if(r.env&&r.env.success)return done(r.env.value);
    pending=null;
    var code=r.env&&r.env.code;
    if(code==='insufficient_funds')say(t.insufficient,'err');
    else if(code==='limit_reached'||code==='account_excluded')say(r.env.message,'err');
    else if(r.status===401||r.status===404)say(t.expired,'err');
    else say(t.failed.replace('{message}',(r.env&&r.env.message)||r.status),'err');
  },function(){say(t.network,'err')}).then(function(){btn.disabled=false;$('stage').classList.remove('spin')});
});
var chips=document.querySelectorAll('[data-x]');
for(var i=0;i<chips.length;i++)chips[i].addEventListener('click',function(e){stake.value=(cfg.minBet*Number(e.currentTarget.getAttribute('data-x'))/100).toFixed(2)});
var d=$('draw');
if(d){var left=Number(d.getAttribute('data-remain')),n=d.getAttribute('data-numero');
  var tick=function(){d.textContent=left>0?t.nextDraw.replace('{numero}',n).replace('{time}',Math.floor(left/60)+':'+String(left%60).padStart(2,'0')):t.locked.replace('{numero}',n);if(left>0){left--;setTimeout(tick,1000)}};tick()}
})()`

/**
 * The HTML of a play page.
 * @param p - game, player balance and language
 * @returns a complete HTML document
 */
export function renderPlayPage(p: PlayPage): string {
  const t = pageStrings[p.lang]
  const fmt = new Intl.NumberFormat(pageTag(p.lang), { minimumFractionDigits: 2, maximumFractionDigits: 2 })
  const action = p.kind === 'slot' ? t.spin : p.kind === 'table' ? t.deal : t.play
  const cfg = { lang: pageTag(p.lang), nodeId: p.nodeId, minBet: p.minBet, t, glyph: symbolGlyph }
  const min = decimal(p.minBet)
  return (
    `<!doctype html><html lang="${pageTag(p.lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>${esc(p.name)}</title><style>:root{--c:${esc(p.color)}}${css}</style></head><body><main>` +
    `<header><div><h1>${esc(p.name)}</h1><span class="vendor">${esc(p.vendor)}</span></div>` +
    `<div>${esc(t.balance)}: <span class="bal" id="balance">${fmt.format(p.balance / 100)}</span></div></header>` +
    stage(p) +
    `<form id="play" novalidate>${choicesFieldset(p)}<div class="row"><label class="stake">${esc(t.stake)}` +
    `<input id="stake" name="stake" type="number" inputmode="decimal" min="${min}" step="0.01" value="${min}" aria-describedby="stake-hint" required>` +
    `<span class="hint" id="stake-hint">${esc(t.stakeHint.replace('{min}', fmt.format(p.minBet / 100)))}</span></label>` +
    `<button type="button" data-x="1">×1</button><button type="button" data-x="5">×5</button><button type="button" data-x="10">×10</button>` +
    `<button class="go" id="go" type="submit">${esc(action)}</button></div></form>` +
    `<div id="result" role="status" aria-live="polite"></div>` +
    `</main><script type="application/json" id="cfg">${scriptJson(cfg)}</script><script>${script}</script></body></html>`
  )
}

/** The page shown for an unknown or expired launch token. */
export function renderInvalidPage(lang: PageLanguage): string {
  const t = pageStrings[lang]
  return (
    `<!doctype html><html lang="${pageTag(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>${esc(t.invalidTitle)}</title><style>${css}</style></head><body><main><h1>${esc(t.invalidTitle)}</h1><p>${esc(t.invalidBody)}</p></main></body></html>`
  )
}
