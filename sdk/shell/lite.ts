import { atom } from 'nanostores'

/**
 * The installable lite app: registers the service worker (`/sw.js`, built by
 * site/lib/lite.ts) and keeps the browser's install offer for the download page's "lite" entry.
 * @module
 */

/** The part of Chromium's `beforeinstallprompt` event the install button uses. */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

/**
 * Whether the lite app can be installed now: `prompt` when the browser offered it (Chromium's
 * `beforeinstallprompt`), `installed` when this page runs as the installed app or was just
 * installed, `manual` otherwise (the visitor uses the browser's Add to home screen).
 */
export const $liteInstall = atom<'prompt' | 'installed' | 'manual'>('manual')

let offer: InstallPromptEvent | null = null
let started = false

/** Where the page's head script keeps an install offer the browser made before this module loaded. */
const early = (): { lkInstallOffer?: InstallPromptEvent | null } => window as unknown as { lkInstallOffer?: InstallPromptEvent | null }

/**
 * Registers the worker and listens for the install offer, once per page. A page the browser cannot
 * give a worker (no support, not a secure origin, or blocked) simply has none.
 */
export function startLiteApp(): void {
  if (started || typeof window === 'undefined') return
  started = true
  if (matchMedia('(display-mode: standalone)').matches) $liteInstall.set('installed')
  // Chromium offers installing once; an offer made while the page was still loading was kept by the head script.
  const kept = early().lkInstallOffer
  if (kept && $liteInstall.get() !== 'installed') {
    offer = kept
    $liteInstall.set('prompt')
  }
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault()
    offer = event as InstallPromptEvent
    $liteInstall.set('prompt')
  })
  window.addEventListener('appinstalled', () => {
    offer = null
    early().lkInstallOffer = null
    $liteInstall.set('installed')
  })
  if (!('serviceWorker' in navigator) || !isSecureContext) return
  navigator.serviceWorker.register('/sw.js', { scope: '/', updateViaCache: 'none' }).catch(() => undefined)
}

/** Shows the browser's install dialog (when it offered one); resolves whether the visitor accepted. */
export async function installLiteApp(): Promise<boolean> {
  if (!offer) return false
  const shown = offer
  offer = null
  early().lkInstallOffer = null
  await shown.prompt()
  const { outcome } = await shown.userChoice
  $liteInstall.set(outcome === 'accepted' ? 'installed' : 'manual')
  return outcome === 'accepted'
}
