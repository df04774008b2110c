/**
 * The inline head script of every page, as a string so it runs before first paint without a request.
 * It (1) applies the saved theme, (2) moves a visitor whose saved language differs from the page's
 * to that language's variant once, (3) keeps a language picked before the header hydrated: a pick
 * made then makes React hydrate at once and put the select back before the `change` event, so the
 * pick is read from the `input` event that comes first, (4) enforces the login-only rule before any
 * protected content shows: a guest's protected page stays hidden (`lk-gated`) until the status says
 * the rule is off, and stays hidden when the status cannot be read and none is cached (the status
 * gate then shows the error with a retry), (5) keeps any page hidden while the cached status says
 * maintenance or region block, so the app does not flash before the status page, (6) marks a
 * signed-in visitor's page `lk-authed`, so the header does not offer "Log in" to a member while it loads.
 * The status call it makes is left in `window.lkStatus` (the raw reply) for the status gate to reuse.
 * @module
 */
import { headerNames } from '../contract/index.ts'
import { brandWire } from '../brand/index.ts'

/** Inputs baked into the script at build time. */
export interface HeadScriptInput {
  pageLang: string
  defaultLang: string
  languages: readonly string[]
  /** Whether the page is open to guests under the login-only rule. */
  isPublic: boolean
  statusPath: string
  cookie: string
  /** localStorage key caching `{ loginOnly, systemStatus }` from the last status reply. */
  statusCacheKey: string
  /** Attribute marking the language select; a pick made on it is kept under `window[pickKey]`. */
  pickAttr: string
  pickKey: string
}

// Written in ES5-ish JS on purpose: it is inlined verbatim and must not need a build step.
const body = `
var d=document.documentElement,ls,ss;
try{ls=localStorage;ss=sessionStorage}catch(e){return}
function rd(s,k){var v=s.getItem(k);if(v===null)return null;try{return JSON.parse(v)}catch(e){return v}}
var th=rd(ls,'theme');d.dataset.theme=th==='dark'?'dark':'light';
document.addEventListener('input',function(e){var t=e.target;if(t&&t.hasAttribute&&t.hasAttribute(I.pickAttr))window[I.pickKey]=t.value},true);
var hl=rd(ls,'hisLang');
if(I.pageLang===I.defaultLang&&I.languages.indexOf(hl)>=0&&hl!==I.pageLang&&document.cookie.indexOf(I.cookie+'=')<0&&!ss.getItem('lk_lang_moved')){
ss.setItem('lk_lang_moved','1');document.cookie=I.cookie+'='+hl+'; path=/; max-age=31536000; samesite=lax';location.reload();return}
var tk=rd(ss,'token');if(tk)d.classList.add('lk-authed');
var c=rd(ls,I.statusCacheKey),guest=!I.isPublic&&!tk,held=!!(c&&c.systemStatus);
if(!guest&&!held)return;
d.classList.add('lk-gated');
if(guest&&c&&c.loginOnly){location.replace('/login');return}
function on(nodes,id){for(var i=0;nodes&&i<nodes.length;i++){var n=nodes[i];if(n.modId===id)return !!n.enabled;var c=on(n.childrenNodes,id);if(c!==null)return c}return null}
function show(){d.classList.remove('lk-gated')}
var p=window.lkStatus=fetch(I.statusPath+'?url='+encodeURIComponent(location.host),{credentials:'same-origin',headers:I.headers}).then(function(r){return r.text().then(function(t){return{status:r.status,text:t}})});
p.then(function(raw){
var env=JSON.parse(raw.text),v=env&&env.success&&env.value;if(!v)throw 0;var lo=on(v.whitelabel,'LOGINONLY3')===true;
ls.setItem(I.statusCacheKey,JSON.stringify({loginOnly:lo,systemStatus:v.systemStatus}));
if(guest&&lo)location.replace('/login');else if(!v.systemStatus)show()}).catch(function(){if(c&&!c.systemStatus)show()});
`

/**
 * The script text for one page (input serialised with `<` escaped so it cannot close the tag). The
 * status call carries the headers the SDK client sends, with the page's language, so the gate can
 * use its reply as its own and the status texts come in the page's language.
 */
export function headScript(input: HeadScriptInput): string {
  const headers = { [headerNames.merchant]: brandWire.merchant, [headerNames.language]: input.pageLang, [headerNames.device]: brandWire.device }
  const json = JSON.stringify({ ...input, headers }).replace(/</g, '\\u003c')
  return `(function(I){${body}})(${json})`
}
