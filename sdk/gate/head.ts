/**
 * The inline head script of every page, a typed function whose source is inlined so it runs before
 * first paint without a request.
 * It (1) applies the saved theme (else the brand's), (2) moves a visitor whose saved language differs from the page's
 * to that language's variant once, (3) keeps a language picked before the header hydrated: a pick
 * made then makes React hydrate at once and put the select back before the `change` event, so the
 * pick is read from the `input` event that comes first, (4) enforces the login-only rule before any
 * protected content shows: a guest's protected page stays hidden (`lk-gated`) until the status says
 * the rule is off, and stays hidden when the status cannot be read and none is cached (the status
 * gate then shows the error with a retry), (5) keeps any page hidden while the cached status says
 * maintenance or region block, so the app does not flash before the status page, (6) marks a
 * signed-in visitor's page `lk-authed`, so the header does not offer "Log in" to a member while it loads.
 * The status call it makes is left in `window.lkStatus` (the raw reply) for the status gate to reuse.
 * It also (7) keeps the browser's install offer (`beforeinstallprompt`, fired once, often before the
 * download page's island has hydrated) in `window.lkInstallOffer` for the lite app's install button,
 * and (8) marks the page in use (`window.lkInUse`) at the first press or key, so the notice popup does
 * not open over something the visitor has started.
 * @module
 */
import { headerNames, isFlagOn } from '../contract/index.ts'
import { brandWire } from '../brand/index.ts'
import { brandLook } from '../brand/look.ts'
import { pages } from '../pages/index.ts'
import { accessOf, leavingKey, type CachedStatus } from './access.ts'

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

/** What the script gets at run time: the build-time input, the headers of the status call and the login page. */
export interface HeadScriptConfig extends HeadScriptInput {
  headers: Record<string, string>
  /** The brand's theme, for a visitor who has not picked one. */
  theme: 'light' | 'dark'
  /** Where a guest goes when the site is login-only (the page table's `/login`). */
  loginPath: string
  /** The window property that says the page is on its way there (see `leaveForLogin`, sdk/gate/index.ts). */
  leavingKey: string
}

/**
 * The head script itself, typed. It runs inline before anything loads, so it is self-contained: it
 * names only its parameters and browser globals, never an import (its source text is what the page
 * carries; `./head.test.ts` runs that text with nothing else in scope). The whitelabel rule
 * comes in as `flagOn`, the contract's own `isFlagOn`, and the access rule as `access`, the status
 * gate's own `accessOf`.
 */
export function headMain(I: HeadScriptConfig, flagOn: typeof isFlagOn, access: typeof accessOf): void {
  const d = document.documentElement
  // (8) The page is in use from the first press or key, also one made before any module loaded: the
  // notice popup does not open over it (sdk/shell/notices.ts reads `window.lkInUse`).
  const inUse = () => {
    ;(window as unknown as { lkInUse: boolean }).lkInUse = true
  }
  window.addEventListener('pointerdown', inUse, true)
  window.addEventListener('keydown', inUse, true)
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault()
    ;(window as unknown as { lkInstallOffer: Event }).lkInstallOffer = e
  })
  let ls: Storage
  let ss: Storage
  try {
    ls = localStorage
    ss = sessionStorage
  } catch {
    return
  }
  const read = (s: Storage, key: string): unknown => {
    const v = s.getItem(key)
    if (v === null) return null
    try {
      return JSON.parse(v)
    } catch {
      return v
    }
  }
  const theme = read(ls, 'theme')
  d.dataset.theme = theme === 'dark' || theme === 'light' ? theme : I.theme
  document.addEventListener(
    'input',
    (e) => {
      const t = e.target as HTMLSelectElement | null
      if (t && t.hasAttribute && t.hasAttribute(I.pickAttr)) (window as unknown as Record<string, string>)[I.pickKey] = t.value
    },
    true,
  )
  const saved = read(ls, 'hisLang') as string
  if (I.pageLang === I.defaultLang && I.languages.indexOf(saved) >= 0 && saved !== I.pageLang && document.cookie.indexOf(I.cookie + '=') < 0 && !ss.getItem('lk_lang_moved')) {
    ss.setItem('lk_lang_moved', '1')
    document.cookie = I.cookie + '=' + saved + '; path=/; max-age=31536000; samesite=lax'
    location.reload()
    return
  }
  const token = read(ss, 'token')
  if (token) d.classList.add('lk-authed')
  const cached = read(ls, I.statusCacheKey) as CachedStatus | null
  const guest = !I.isPublic && !token
  const first = access(guest, cached)
  if (!guest && first === 'app') return
  d.classList.add('lk-gated')
  // Once: the page's own gate decides from the same status call, and a second replace would cancel this navigation.
  const leave = () => {
    ;(window as unknown as Record<string, boolean>)[I.leavingKey] = true
    location.replace(I.loginPath)
  }
  if (first === 'login') {
    leave()
    return
  }
  const show = () => d.classList.remove('lk-gated')
  const call = fetch(I.statusPath + '?url=' + encodeURIComponent(location.host), { credentials: 'same-origin', headers: I.headers }).then((r) =>
    r.text().then((text) => ({ status: r.status, text })),
  )
  ;(window as unknown as { lkStatus: Promise<{ status: number; text: string }> }).lkStatus = call
  call
    .then((raw) => {
      const env = JSON.parse(raw.text)
      const v = env && env.success && env.value
      if (!v) throw 0
      const summary: CachedStatus = { loginOnly: flagOn(v.whitelabel, 'LOGINONLY3'), systemStatus: v.systemStatus }
      ls.setItem(I.statusCacheKey, JSON.stringify(summary))
      const now = access(guest, summary)
      if (now === 'login') leave()
      else if (now === 'app') show()
    })
    .catch(() => {
      if (cached && access(guest, cached) === 'app') show()
    })
}

/**
 * The script text for one page (input serialised with `<` escaped so it cannot close the tag): the
 * source of {@link headMain} called with the input and the sources of `isFlagOn` and `accessOf`. The status call
 * carries the headers the SDK client sends, with the page's language, so the gate can use its reply
 * as its own and the status texts come in the page's language.
 */
export function headScript(input: HeadScriptInput): string {
  const headers = { [headerNames.merchant]: brandWire.merchant, [headerNames.language]: input.pageLang, [headerNames.device]: brandWire.device }
  const json = JSON.stringify({ ...input, headers, theme: brandLook.theme, loginPath: pages.login, leavingKey } satisfies HeadScriptConfig).replace(/</g, '\\u003c')
  return `(${headMain})(${json},${isFlagOn},${accessOf})`
}
