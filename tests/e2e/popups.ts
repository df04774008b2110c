import type { Page } from 'playwright'

/**
 * Closes the shell's once-a-session notice popup whenever it covers the page, with its close button
 * as a player would. Not Escape: Escape also clears a focused search field.
 */
export async function dismissNoticePopups(page: Page): Promise<void> {
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
