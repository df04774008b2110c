import { lotteryOdds, lotteryPlayTypes } from '../../sdk/contract/all.ts'
import { esc, scriptJson } from '../games/images.ts'
import { type PageLanguage, pageTag } from '../games/strings.ts'
import type { BetView } from './bets.ts'
import { lotteryPageStrings } from './strings.ts'
import { decimal } from '../decimal.ts'

/**
 * The lottery betting screen the launcher opens: the open draw with its countdown and commitment,
 * play type, pick, amount and multiplier, and the member's bets settling as draws happen. One
 * self-contained HTML document (inline CSS and script) that talks only to its own path:
 * `POST …/bet` and `GET …/state`, and tells the embedding page about balance changes with
 * `postMessage` to its own origin.
 * @module
 */

/** What the betting screen shows first (then refreshed from `…/state`). */
export interface LotteryScreenState {
  draw: { numero: string; remainTime: number; commitment: string }
  balance: number
  bets: BetView[]
}

/** Input of {@link renderLotteryPage}. */
export interface LotteryPage {
  lang: PageLanguage
  nodeId: string
  gameCode: string
  name: string
  vendor: string
  color: string
  minBet: number
  state: LotteryScreenState
}

const css = `*{box-sizing:border-box}body{margin:0;font:16px/1.4 system-ui,sans-serif;background:#0f172a;color:#f8fafc}
main{max-width:560px;margin:0 auto;padding:16px}header{display:flex;justify-content:space-between;gap:8px;align-items:baseline;border-bottom:3px solid var(--c);padding-bottom:8px}
h1{font-size:1.2rem;margin:0}h2{font-size:1rem;margin:16px 0 8px}.bal{font-weight:700;font-variant-numeric:tabular-nums}.vendor{opacity:.75;font-size:.85rem}
.draw{background:#1e293b;border-radius:12px;padding:12px;margin:12px 0}.draw b{font-variant-numeric:tabular-nums}.commit{font:12px/1.3 ui-monospace,monospace;word-break:break-all;opacity:.85}
fieldset{border:1px solid #334155;border-radius:12px;margin:0 0 12px;padding:10px;display:flex;flex-wrap:wrap;gap:8px}legend{padding:0 6px}
.opt{flex:1 1 40%;display:flex;flex-direction:column;align-items:center;background:#1e293b;border-radius:10px;padding:8px;cursor:pointer;border:2px solid transparent}
.digits .opt{flex:1 1 15%}.opt:has(input:checked){border-color:var(--c);background:#334155}.opt:focus-within{outline:3px solid #facc15;outline-offset:2px}
.opt input{position:absolute;opacity:0}.opt small{opacity:.75}.row{display:flex;gap:8px;flex-wrap:wrap;align-items:end}
label.f{flex:1 1 40%;display:flex;flex-direction:column;gap:4px}input[type=number],input[type=text]{font:inherit;padding:10px;border-radius:10px;border:2px solid #475569;background:#f8fafc;color:#0f172a;width:100%}
.hint{font-size:.8rem;opacity:.8}button{font:inherit;font-weight:700;padding:12px 16px;border-radius:10px;border:0;cursor:pointer;background:var(--c);color:#fff;width:100%;margin-top:8px}
button:disabled{opacity:.6;cursor:wait}button:focus-visible,input:focus-visible{outline:3px solid #facc15;outline-offset:2px}
#msg{min-height:2.6em;margin:12px 0;padding:10px;border-radius:10px;background:#1e293b;font-weight:600}#msg.win{background:#14532d}#msg.err{background:#7f1d1d}
table{width:100%;border-collapse:collapse;font-size:.9rem}th,td{text-align:left;padding:6px 4px;border-bottom:1px solid #334155}td.n{font-variant-numeric:tabular-nums}`

// ES5-style script (no template literals) so it sits in this TypeScript template unescaped.
const script = `(function(){
var cfg=JSON.parse(document.getElementById('cfg').textContent),t=cfg.t,st=cfg.state;
var fmt=new Intl.NumberFormat(cfg.lang,{minimumFractionDigits:2,maximumFractionDigits:2});
var money=function(m){return fmt.format(m/100)};
var $=function(id){return document.getElementById(id)};
var base=location.pathname.replace(/\\/$/,'');
var form=$('bet'),msg=$('msg'),btn=$('go'),amount=$('amount'),mult=$('mult'),picks=$('picks');
var pending=null,left=0,timer=null,poller=null,known={};
function say(text,cls){msg.textContent=text;msg.className=cls||''}
function fill(s,o){return s.replace(/\\{(\\w+)\\}/g,function(_,k){return o[k]})}
function clock(s){return Math.floor(s/60)+':'+String(s%60).padStart(2,'0')}
function tick(){var c=$('countdown');c.textContent=left>0?fill(t.closesIn,{time:clock(left)}):t.locked;btn.disabled=left<=0||!!pending&&pending.busy;if(left>0)left--}
function playType(){var p=form.querySelector('input[name=playType]:checked');return p?p.value:'BIG_SMALL'}
function drawPicks(){
  var pt=playType();picks.innerHTML='';picks.className=pt==='LAST_1'?'digits':'';
  var lg=document.createElement('legend');lg.textContent=t.pick;picks.appendChild(lg);
  if(pt==='LAST_2'){var l=document.createElement('label');l.className='f';l.textContent=t.pickTwo;var i=document.createElement('input');i.type='text';i.id='pick2';i.name='pick';i.inputMode='numeric';i.maxLength=2;i.autocomplete='off';l.appendChild(i);picks.appendChild(l);return}
  var opts=pt==='BIG_SMALL'?['BIG','SMALL']:pt==='ODD_EVEN'?['ODD','EVEN']:['0','1','2','3','4','5','6','7','8','9'];
  opts.forEach(function(o,n){var l=document.createElement('label');l.className='opt';var i=document.createElement('input');i.type='radio';i.name='pick';i.value=o;if(n===0)i.checked=true;
    var s=document.createElement('span');s.textContent=t[o]||o;l.appendChild(i);l.appendChild(s);picks.appendChild(l)});
}
function render(s){
  st=s;$('numero').textContent=s.draw.numero;$('commit').textContent=s.draw.commitment;$('balance').textContent=money(s.balance);
  left=s.draw.remainTime;tick();
  var body=$('bets');body.innerHTML='';
  if(!s.bets.length){var r=document.createElement('tr'),c=document.createElement('td');c.colSpan=5;c.textContent=t.noBets;r.appendChild(c);body.appendChild(r)}
  s.bets.forEach(function(b){var r=document.createElement('tr');
    [b.numero,(t[b.pick]||b.pick)+' ×'+b.multiplier,money(b.stake),b.status==='open'?t.open:b.winningNumber,b.status==='open'?'–':money(b.payout)].forEach(function(x,k){var c=document.createElement('td');if(k!==1)c.className='n';c.textContent=x;r.appendChild(c)});
    body.appendChild(r);
    if(known[b.betId]==='open'&&b.status==='settled'){
      say(b.payout>0?fill(t.won,{numero:b.numero,number:b.winningNumber,amount:money(b.payout)}):fill(t.lost,{numero:b.numero,number:b.winningNumber}),b.payout>0?'win':'');
      if(window.parent!==window)window.parent.postMessage({type:'lk:round',balance:s.balance,nodeId:cfg.nodeId},location.origin);
    }
    known[b.betId]=b.status;
  });
}
function refresh(){
  return fetch(base+'/state',{credentials:'same-origin'}).then(function(r){return r.json()}).then(function(env){if(env&&env.success)render(env.value)},function(){});
}
function schedule(){clearTimeout(poller);poller=setTimeout(function(){refresh().then(schedule)},document.hidden?15000:2000)}
form.addEventListener('change',function(e){if(e.target.name==='playType')drawPicks()});
form.addEventListener('submit',function(e){
  e.preventDefault();
  var major=Number(String(amount.value).replace(',','.')),minor=Math.round(major*100);
  if(!amount.value||!isFinite(major)||minor<cfg.minBet){say(fill(t.amountInvalid,{min:money(cfg.minBet)}),'err');amount.focus();return}
  var m=Number(mult.value);if(!/^\\d+$/.test(mult.value)||m<1||m>100){say(t.multiplierInvalid,'err');mult.focus();return}
  var pt=playType(),pick;
  if(pt==='LAST_2'){pick=$('pick2').value.trim();if(!/^\\d\\d$/.test(pick)){say(t.pickInvalid,'err');$('pick2').focus();return}}
  else{var p=form.querySelector('input[name=pick]:checked');pick=p?p.value:''}
  var body={numero:st.draw.numero,playType:pt,pick:pick,amount:minor,multiplier:m,idempotencyKey:''};
  var same=pending&&pending.numero===body.numero&&pending.playType===pt&&pending.pick===pick&&pending.amount===minor&&pending.multiplier===m;
  // A retry after a lost connection reuses the key, so the same bet is never placed twice.
  body.idempotencyKey=same?pending.idempotencyKey:(crypto.randomUUID?crypto.randomUUID():String(Date.now())+Math.random().toString(36).slice(2)).replace(/[^A-Za-z0-9_-]/g,'');
  pending=body;pending.busy=true;btn.disabled=true;say(t.placing);
  fetch(base+'/bet',{method:'POST',headers:{'content-type':'application/json'},credentials:'same-origin',body:JSON.stringify({numero:body.numero,playType:pt,pick:pick,amount:minor,multiplier:m,idempotencyKey:body.idempotencyKey})})
    .then(function(r){return r.json().then(function(env){return{status:r.status,env:env}})})
    .then(function(r){
      pending.busy=false;
      if(r.env&&r.env.success){pending=null;known[r.env.value.bet.betId]='open';say(fill(t.placed,{numero:r.env.value.bet.numero,stake:money(r.env.value.bet.stake)}),'');
        $('balance').textContent=money(r.env.value.balance);
        if(window.parent!==window)window.parent.postMessage({type:'lk:round',balance:r.env.value.balance,nodeId:cfg.nodeId},location.origin);
        return refresh()}
      pending=null;var code=r.env&&r.env.code;
      if(code==='insufficient_funds')say(t.insufficient,'err');else if(code==='draw_closed'){say(t.closed,'err');return refresh()}
      else if(r.status===401||r.status===404)say(t.expired,'err');else say(fill(t.failed,{message:(r.env&&r.env.message)||r.status}),'err');
    },function(){pending.busy=false;say(t.network,'err')}).then(tick);
});
document.addEventListener('visibilitychange',function(){if(!document.hidden)refresh().then(schedule)});
drawPicks();st.bets.forEach(function(b){known[b.betId]=b.status});render(st);
timer=setInterval(tick,1000);schedule();
})()`

/**
 * The HTML of the betting screen.
 * @returns a complete HTML document
 */
export function renderLotteryPage(p: LotteryPage): string {
  const t = lotteryPageStrings[p.lang]
  const fmt = new Intl.NumberFormat(pageTag(p.lang), { minimumFractionDigits: 2, maximumFractionDigits: 2 })
  const min = decimal(p.minBet)
  const types = lotteryPlayTypes
    .map(
      (type, i) =>
        `<label class="opt"><input type="radio" name="playType" value="${type}"${i === 0 ? ' checked' : ''}><span>${esc(t[type])}</span>` +
        `<small>${esc(t.odds.replace('{odds}', (lotteryOdds[type] / 100).toFixed(2)))}</small></label>`,
    )
    .join('')
  const cfg = { lang: pageTag(p.lang), nodeId: p.nodeId, gameCode: p.gameCode, minBet: p.minBet, t, state: p.state }
  return (
    `<!doctype html><html lang="${pageTag(p.lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>${esc(p.name)}</title><style>:root{--c:${esc(p.color)}}${css}</style></head><body><main>` +
    `<header><div><h1>${esc(p.name)}</h1><span class="vendor">${esc(p.vendor)}</span></div>` +
    `<div>${esc(t.balance)}: <span class="bal" id="balance">${fmt.format(p.state.balance / 100)}</span></div></header>` +
    `<section class="draw" aria-label="${esc(t.draw)}"><div>${esc(t.draw)} <b id="numero">${esc(p.state.draw.numero)}</b></div>` +
    `<div id="countdown" role="timer"></div><div class="hint">${esc(t.commitment)}</div><div class="commit" id="commit">${esc(p.state.draw.commitment)}</div></section>` +
    `<form id="bet" novalidate><fieldset><legend>${esc(t.playType)}</legend>${types}</fieldset><fieldset id="picks"></fieldset>` +
    `<div class="row"><label class="f">${esc(t.amount)}<input id="amount" type="number" inputmode="decimal" min="${min}" step="0.01" value="${min}" aria-describedby="amount-hint">` +
    `<span class="hint" id="amount-hint">${esc(t.amountHint.replace('{min}', fmt.format(p.minBet / 100)))}</span></label>` +
    `<label class="f">${esc(t.multiplier)}<input id="mult" type="number" inputmode="numeric" min="1" max="100" step="1" value="1" aria-describedby="mult-hint">` +
    `<span class="hint" id="mult-hint">${esc(t.multiplierHint)}</span></label></div>` +
    `<button id="go" type="submit">${esc(t.place)}</button></form>` +
    `<div id="msg" role="status" aria-live="polite"></div>` +
    `<h2>${esc(t.myBets)}</h2><table><thead><tr><th>${esc(t.colDraw)}</th><th>${esc(t.colPick)}</th><th>${esc(t.colStake)}</th><th>${esc(t.colResult)}</th><th>${esc(t.colPayout)}</th></tr></thead><tbody id="bets"></tbody></table>` +
    `</main><script type="application/json" id="cfg">${scriptJson(cfg)}</script><script>${script}</script></body></html>`
  )
}
