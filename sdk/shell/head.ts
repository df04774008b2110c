/**
 * The inline head script of every page, as a string so it runs before first paint without a request.
 * It (1) applies the saved theme, (2) moves a visitor whose saved language differs from the page's
 * to that language's variant once, (3) keeps a language picked before the header hydrated: a pick
 * made then makes React hydrate at once and put the select back before the `change` event, so the
 * pick is read from the `input` event that comes first, (4) enforces the login-only rule before any protected content
 * shows: the page stays hidden (`lk-gated`) until the status says the rule is off.
 * @module
 */

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
if(I.isPublic||rd(ss,'token'))return;
function on(nodes,id){for(var i=0;nodes&&i<nodes.length;i++){var n=nodes[i];if(n.modId===id)return !!n.enabled;var c=on(n.childrenNodes,id);if(c!==null)return c}return null}
var c=rd(ls,I.statusCacheKey);
d.classList.add('lk-gated');
if(c&&c.loginOnly){location.replace('/login');return}
window.lkStatus=fetch(I.statusPath+'?url='+encodeURIComponent(location.host),{credentials:'same-origin'}).then(function(r){return r.json()}).then(function(env){
var v=env&&env.value;if(!v)throw 0;var lo=on(v.whitelabel,'LOGINONLY3')===true;
ls.setItem(I.statusCacheKey,JSON.stringify({loginOnly:lo,systemStatus:v.systemStatus}));
if(lo&&!rd(ss,'token'))location.replace('/login');else d.classList.remove('lk-gated');return env}).catch(function(){d.classList.remove('lk-gated')});
`

/** The script text for one page (input serialised with `<` escaped so it cannot close the tag). */
export function headScript(input: HeadScriptInput): string {
  const json = JSON.stringify(input).replace(/</g, '\\u003c')
  return `(function(I){${body}})(${json})`
}
