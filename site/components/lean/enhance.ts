import { chatFragment } from '../../../sdk/service/launcher.ts'
import type { GateDecision } from '../../../sdk/gate/index.ts'
import { $loggedIn } from '../../../sdk/stores/index.ts'
import { startBanner } from './banner.ts'
import { loadOnDemand } from './load.ts'
import { wake } from './press.ts'
import { startNav, startProviders } from './nav.ts'
import { startNoticeBar, startNoticePopup } from './notices.ts'
import { startRegister, startServiceLines } from './sidebar.ts'

/** Lets the browser handle input and paint before going on (`scheduler.yield` where there is one). */
const nextTask = (): Promise<void> => {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve))
}

/**
 * Fills and runs the shell's server HTML (site/components/LeanShell.astro): the nav, the footer's
 * providers, the notice bar, the banner, the notice popup's check, the page's own script-only parts
 * (the promotions page's offers, the home page's sections, the jackpot, the download page's app
 * entries, the notices page's list, a guest's VIP page, point mall and promotion page), the header's Register link and the right bar's service lines. `shell` is the marker LeanShell.astro drew (`data-popup` when the page
 * shows the notice popup).
 */
export async function enhance(shell: HTMLElement, route: string): Promise<void> {
  const nav = document.querySelector<HTMLElement>('[data-lean-nav]')
  if (nav) startNav(nav, route)
  const providers = document.querySelector<HTMLElement>('[data-lean-providers]')
  if (providers) startProviders(providers)
  // Each part in a task of its own, so a phone answers a tap between them (no long task).
  await nextTask()
  const bar = document.querySelector<HTMLElement>('[data-lean-notices]')
  if (bar) startNoticeBar(bar)
  const banner = document.querySelector<HTMLTemplateElement>('template[data-lean-banner]')
  if (banner) startBanner(banner, banner.dataset.leanBanner ?? '')
  await nextTask()
  if (shell.dataset.popup !== undefined) startNoticePopup()
  await nextTask()
  // The promotions page's current offers: their code loads on that page only.
  const promotions = document.querySelector<HTMLElement>('[data-lean-promotions]')
  if (promotions) import('./promotions.ts').then((page) => page.startLivePromotions(promotions))
  // The home page's sections, and the jackpot counters of the home and games pages: their code loads
  // on those pages only.
  const home = document.querySelectorAll<HTMLElement>('[data-lean-home]')
  if (home.length > 0) import('./home.ts').then((page) => page.startHome(home))
  const jackpots = [...document.querySelectorAll<HTMLElement>('[data-lean-jackpot]')]
  if (jackpots.length > 0) import('./jackpot.ts').then((counter) => counter.startJackpots(jackpots))
  const downloads = document.querySelectorAll<HTMLElement>('[data-lean-download]')
  if (downloads.length > 0) import('./downloads.ts').then((page) => page.startDownloads(downloads))
  const noticeList = document.querySelector<HTMLElement>('[data-lean-notice-list]')
  if (noticeList) import('./notice-list.ts').then((page) => page.startNoticeList(noticeList))
  // A guest's VIP page: the ladder and the sign-in box until React takes the island over.
  const vip = document.querySelector<HTMLElement>('astro-island[ssr]:has(> .lk-rewards--vip)')
  if (vip && !$loggedIn.get()) import('./vip.ts').then((page) => page.startVip(vip))
  // A guest's point mall: the catalogue and the sign-in box until React takes the island over.
  const mall = document.querySelector<HTMLElement>('astro-island[ssr]:has(> .lk-rewards--mall)')
  if (mall && !$loggedIn.get()) import('./mall.ts').then((page) => page.startMall(mall))
  // A guest's promotion page: the article (or the platform's promotion) and the activity's sign-in box
  // until React takes each island over.
  const promoDetail = document.querySelector<HTMLElement>('astro-island[ssr][component-export="PromoDetail"]')
  const promoActivity = document.querySelector<HTMLElement>('astro-island[ssr][component-export="PromoActivity"]')
  if ((promoDetail || promoActivity) && !$loggedIn.get()) import('./promo-detail.ts').then((page) => page.startPromoDetail(promoDetail, promoActivity))
  const register = document.querySelector<HTMLElement>('[data-register]')
  if (register) startRegister(register)
  const rightBar = document.querySelector<HTMLElement>('astro-island:has(> .lk-sidebar--right)')
  const csIcons = document.querySelector<HTMLTemplateElement>('template[data-cs-icons]')
  if (rightBar && csIcons) startServiceLines(rightBar, csIcons)
  const wakeAll = () => wake(true)
  // The chat room an address opens (`/helpmc#chat`) is the right bar's tool: the bar starts.
  if (location.hash === chatFragment) wakeAll()
  // A member signed in on the page itself (the login page's form, free play) gets the account header
  // (a page that was a member's from the start draws it without React: LeanShell.astro).
  const signedInAtStart = document.documentElement.classList.contains('lk-authed')
  if (signedInAtStart) import('./account.ts').then((account) => account.startMemberPage(), wakeAll)
  else if ($loggedIn.get()) wakeAll()
  $loggedIn.listen((signedIn) => signedIn && wakeAll())
}

/**
 * Shows the status view of `kind` over the page (its code loads now), or takes it away (null);
 * refused when the code could not load.
 */
export const showStatus = (kind: Exclude<GateDecision, 'app' | 'login'> | null, onRetry: () => void): Promise<void> =>
  loadOnDemand().then((parts) => parts.showStatus(kind, onRetry))
