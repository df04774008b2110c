import type { Page } from 'playwright'

/**
 * Closes the shell's once-a-session notice popup whenever it covers the page, with its close button
 * as a player would. Not Escape: Escape also clears a focused search field.
 */
export async function dismissNoticePopups(page: Page): Promise<void> {
  await page.addLocatorHandler(page.locator('[data-modal="noticePopup"]'), async (popup) => {
    // A popup already fading out takes no clicks; it is gone a moment later either way.
    // The button speaks the page's language (EN, ES, CN, VI).
    await popup.getByRole('button', { name: /^(Close|Cerrar|关闭|Đóng)$/ }).click({ timeout: 5_000 }).catch(() => undefined)
  })
}
