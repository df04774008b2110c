/**
 * The frame pages on the brand origin (`/embed/v1/frame/register`, `/login`, `/handoff`). Register and
 * login show the site's forms inside a partner's page and talk to the element by `postMessage`, to
 * the exact origin the element named and to its window only. Handoff is the brand site's page that
 * trades a code for a session and goes on to the site, signed in.
 * @module
 */
import { createElement } from 'react'
import { createRoot } from 'react-dom/client'
import { isSupported, loadNamespaces, setLocale, t } from '../../sdk/i18n/index.ts'
import { $refusal, setNavigator } from '../../sdk/auth/index.ts'
import { refusalDetail } from './refusal.ts'
import { $dialogs } from '../../sdk/ui/index.ts'
import { configure, roomApi } from '../../sdk/runtime/index.ts'
import { browserStorage } from '../../sdk/storage/index.ts'
import * as core from '../../sdk/contract/routes/core/embed.ts'
import { $session, loadStatus, signIn } from '../../sdk/stores/index.ts'
import { toApiError } from '../../sdk/client/index.ts'
import uiCss from '../ui/ui.css?inline'
import siteCss from '../shell/page.css?inline'
import authCss from '../auth/auth.css?inline'
import { Frame } from './Frame.tsx'
import { appearanceOf, memberOf, type FrameKind, type FrameMessage } from './protocol.ts'
import { awaitVerifier } from './handoff.ts'
import { pages } from '../../sdk/pages/index.ts'

// The core routes this module calls: a page carries only the routes its code names (sdk/contract/routes/core/embed.ts).
const api = roomApi({ embedHandoffRedeem: core.embedHandoffRedeem })

// The form takes the frame's width, whatever it is (a 320 px phone, a narrow column): its tracks and
// fields may shrink below their content's natural width, tabs wrap, and the page's padding is a phone's.
const frameCss = `html,body{background:transparent;min-height:0;margin:0}body{display:block;padding:4px}.lk-auth-page{margin:0;max-width:none;padding:clamp(8px,4vw,24px)}.lk-embed-welcome{display:grid;gap:12px;padding:8px 0}.lk-auth,.lk-auth__fields,.lk-field{grid-template-columns:minmax(0,1fr)}.lk-field input{min-width:0}.lk-tabs{flex-wrap:wrap}.lk-auth__captcha{grid-template-columns:minmax(0,1fr) auto}`

function adoptStyles(): void {
  // Constructable sheets: a strict CSP (no 'unsafe-inline') allows them, unlike <style> elements.
  document.adoptedStyleSheets = [uiCss, siteCss, authCss, frameCss].map((text) => {
    const sheet = new CSSStyleSheet()
    sheet.replaceSync(text)
    return sheet
  })
}

// The frame pages are the brand's own documents (the embed's bundle otherwise keeps to memory, being
// on partners' pages): the handoff page leaves its session in the brand's storage for the site.
configure({ storage: browserStorage() })

const page = document.getElementById('lk-frame')
const kind = page?.dataset.kind
const query = new URLSearchParams(window.location.search)
const lang = query.get('lang')
const theme = query.get('theme')
document.documentElement.dataset.theme = theme === 'dark' || (theme === 'auto' && matchMedia('(prefers-color-scheme: dark)').matches) ? 'dark' : 'light'
adoptStyles()

// The element's page: its origin is the only one this frame talks to, and only if it embeds us.
let parentOrigin: string | null = null
try {
  parentOrigin = new URL(query.get('origin') ?? '').origin
} catch {
  parentOrigin = null
}
// The partner's design tokens, from the element's page only: colours, radius and font of the form.
// Listened to from the start: the element posts them as soon as the frame has loaded.
window.addEventListener('message', (event) => {
  if (event.source !== window.parent || !parentOrigin || parentOrigin === 'null' || event.origin !== parentOrigin) return
  const tokens = appearanceOf(event.data)
  if (!tokens) return
  const style = document.documentElement.style
  for (const name of [...style].filter((p) => p.startsWith('--lk-'))) style.removeProperty(name)
  for (const [name, value] of Object.entries(tokens)) style.setProperty(`--lk-${name}`, value)
})

async function start(): Promise<void> {
  if (isSupported(lang)) await setLocale(lang, { save: false })
  // The platform's switches decide the form's fields (SMS code, types, country picker, social
  // sign-in), as on the site's own pages: asked beside the texts, never assumed off.
  await loadNamespaces(['common', 'auth', 'embed'])
  if (kind === 'register' || kind === 'login') {
    void loadStatus()
    showForm(kind)
  } else if (kind === 'handoff') await redeem()
}

/** A {@link FrameMessage} as the frame writes it (the `lobbykit` mark is added when posted). */
type Outgoing<M = FrameMessage> = M extends FrameMessage ? Omit<M, 'lobbykit'> : never

function showForm(kind: FrameKind): void {
  const post = (message: Outgoing) => {
    if (parentOrigin && parentOrigin !== 'null' && window.parent !== window) window.parent.postMessage({ lobbykit: 1, ...message }, parentOrigin)
  }
  const root = createRoot(page!)
  const render = (signedIn?: string) => root.render(createElement(Frame, { kind, affiliateCode: query.get('affiliateCode') ?? undefined, signedIn }))
  // The forms end by navigating to the site; in the frame they end here, greeting the player.
  setNavigator(() => {
    const account = $session.get().account ?? ''
    // The partner page learns a chosen username, never a phone number (a mobile sign-up's account name).
    const member = memberOf(account)
    if (kind === 'register') post({ type: 'registered', ...member })
    else post({ type: 'login', ...(member.method === 'username' ? { username: member.username } : {}) })
    render(account)
  })
  forwardRefusals(post)
  render()
  // No inner scroll bars: the element sizes the frame to the page's height.
  new ResizeObserver(() => post({ type: 'resize', height: document.documentElement.scrollHeight })).observe(document.body)
}

/** Ends the handoff page with `text` and a link to the site's login. */
function handoffFailed(text: string): void {
  page!.textContent = text
  const link = document.createElement('a')
  link.href = pages.login
  link.textContent = t('embed_handoff_login')
  page!.append(' ', link)
}

/**
 * "Continue as X?" when this tab is already signed in as someone else: the open session is never
 * switched without the player's word. Resolves true to continue as `username`.
 */
function confirmSwitch(current: string, username: string): Promise<boolean> {
  return new Promise((resolve) => {
    page!.removeAttribute('role')
    page!.replaceChildren()
    const box = document.createElement('section')
    box.className = 'lk-auth lk-embed-welcome'
    box.setAttribute('role', 'alertdialog')
    box.setAttribute('aria-labelledby', 'lk-handoff-switch')
    const title = document.createElement('h1')
    title.id = 'lk-handoff-switch'
    title.className = 'lk-auth__title'
    title.textContent = t('embed_handoff_switch_title', { username })
    const note = document.createElement('p')
    note.textContent = t('embed_handoff_switch_note', { current, username })
    const go = document.createElement('button')
    go.type = 'button'
    go.className = 'lk-button lk-button--primary lk-auth__submit'
    go.textContent = t('embed_handoff_continue', { username })
    const stay = document.createElement('button')
    stay.type = 'button'
    stay.className = 'lk-button lk-auth__submit'
    stay.textContent = t('embed_handoff_stay', { current })
    go.addEventListener('click', () => resolve(true), { once: true })
    stay.addEventListener('click', () => resolve(false), { once: true })
    box.append(title, note, go, stay)
    page!.append(box)
    stay.focus()
  })
}

/** Every refusal the form shows, and every warning dialog it opens, reach the element as `lk:error`. */
function forwardRefusals(post: (message: { type: 'error'; code: string; message: string }) => void): void {
  $refusal.listen((refusal) => {
    if (refusal) post({ type: 'error', ...refusalDetail(refusal) })
  })
  const told = new Set<number>()
  $dialogs.subscribe((dialogs) => {
    for (const dialog of dialogs) {
      if (told.has(dialog.id) || (dialog.icon !== 'warning' && dialog.icon !== 'error')) continue
      told.add(dialog.id)
      const key = dialog.messageKey ?? 'error'
      post({ type: 'error', code: key.replace(/^err_/, ''), message: dialog.message ?? t(key) })
    }
  })
}

async function redeem(): Promise<void> {
  const code = new URLSearchParams(window.location.hash.slice(1)).get('code') ?? ''
  // The code leaves the address at once (history, screenshots, a shared link).
  history.replaceState(null, '', window.location.pathname)
  page!.setAttribute('role', 'status')
  page!.textContent = t('embed_handoff_working')
  // The verifier comes only from the frame that asked for this code, in this browser (widgets/embed/handoff.ts).
  const bound = code ? await awaitVerifier(code) : null
  if (!bound) return handoffFailed(t('err_handoff_invalid'))
  const current = $session.get()
  if (current.token && current.account && current.account !== bound.username) {
    if (!(await confirmSwitch(current.account, bound.username))) return window.location.replace(pages.home)
    page!.setAttribute('role', 'status')
    page!.textContent = t('embed_handoff_working')
  }
  try {
    await signIn(await api('embedHandoffRedeem', { code, verifier: bound.verifier }))
    window.location.replace(pages.home)
  } catch (error) {
    handoffFailed(t(toApiError(error).messageKey))
  }
}

void start()
