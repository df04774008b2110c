import type { BrowserContext, Page } from 'playwright'
import { noticeDefs } from '../../sandbox/seed/notices.ts'

/** The seeded popup notices' ids. */
export const popupNoticeIds = noticeDefs.filter((n) => n.type === 'PU').map((n) => n.id)

/**
 * Starts every page of `target` (a tab, or a whole browser context) as a browser that has already seen
 * the seeded popup notices, for journeys not about the popup: it opens once its island is idle and its
 * notices have loaded, possibly after the journey's first click, and closing it is a click outside
 * whatever the journey had just opened. Where storage is refused (a sandboxed game frame), nothing.
 */
export const skipNoticePopup = async (target: Page | BrowserContext): Promise<void> => {
  await target.addInitScript((seen) => {
    try {
      localStorage.setItem('lk_notices_seen', JSON.stringify(seen))
    } catch {}
  }, popupNoticeIds)
  if ('addLocatorHandler' in target) await skipWelcome(target)
}

/** The first-login welcome (sdk/auth/welcome.ts, a dialog), which a new account's first login shows once. */
export const welcomeDialog = (page: Page) => page.getByRole('dialog', { name: /^(Welcome|Bienvenido|欢迎|Chào mừng)$/ })

/**
 * Skips the first-login welcome whenever it covers the page, with its "Skip for now" as a player would:
 * for journeys that register or sign in a new account and are not about the welcome (the welcome's own
 * journey removes the handler: `page.removeLocatorHandler(welcomeDialog(page))`).
 */
export async function skipWelcome(page: Page): Promise<void> {
  await page.addLocatorHandler(welcomeDialog(page), async (welcome) => {
    const skip = welcome.getByRole('button', { name: /^(Skip for now|Omitir por ahora|暂时跳过|Để sau)$/ })
    for (let attempt = 0; attempt < 4 && (await welcome.isVisible()); attempt++) {
      await skip.click({ timeout: 5_000 }).catch(() => undefined)
      await welcome.waitFor({ state: 'hidden', timeout: 2_000 }).catch(() => undefined)
    }
  })
}

/**
 * Closes the shell's once-a-session notice popup whenever it covers the page, with its close button
 * as a player would. Not Escape: Escape also clears a focused search field.
 */
export async function dismissNoticePopups(page: Page): Promise<void> {
  await skipWelcome(page)
  await page.addLocatorHandler(page.locator('[data-modal="noticePopup"]'), async (popup) => {
    // The button speaks the page's language (EN, ES, CN, VI). A popup already fading out takes no
    // clicks, and on a loaded machine a click can land before the popup is ready: try again while
    // it is still there (Playwright waits for it to go before the journey's own action).
    const close = popup.getByRole('button', { name: /^(Close|Cerrar|关闭|Đóng)$/ })
    for (let attempt = 0; attempt < 4 && (await popup.isVisible()); attempt++) {
      await close.click({ timeout: 5_000 }).catch(() => undefined)
      await popup.waitFor({ state: 'hidden', timeout: 2_000 }).catch(() => undefined)
    }
  })
}
