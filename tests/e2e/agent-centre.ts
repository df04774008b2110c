import type { Locator, Page } from 'playwright'
import { expect } from './fixtures.ts'
import { skipNoticePopup } from './popups.ts'

/** How long a cold page may take to show the agent centre on a loaded machine. */
export const firstLoad = 45_000
/** agent01's seeded sub-agent. */
export const agent02 = { username: 'agent02', password: 'agent1234' } as const

/** The agent centre's dialog. */
export const agentCentre = (page: Page): Locator => page.getByRole('dialog', { name: 'Agent centre' })

/**
 * Opens the agent centre from /agentHome. The once-a-session notice popup counts as seen (its own
 * journeys are in shell.spec.ts), so it never covers the centre when it comes late on a loaded machine.
 */
export async function openCentre(page: Page): Promise<Locator> {
  await skipNoticePopup(page)
  await page.goto('/agentHome')
  await page.getByRole('button', { name: 'Open the agent center' }).click({ timeout: firstLoad })
  const dialog = agentCentre(page)
  await expect(dialog).toBeVisible({ timeout: firstLoad })
  return dialog
}

/** Goes to the agent centre's page `title` and waits for its heading. */
export async function goTo(dialog: Locator, title: string): Promise<void> {
  const nav = dialog.getByRole('navigation', { name: 'Agent centre pages' })
  // On a phone the pages are behind a menu button.
  const menu = nav.getByRole('button', { name: /^Agent centre pages: /, expanded: false })
  if (await menu.isVisible()) await menu.click()
  await nav.getByRole('button', { name: title, exact: true }).click()
  await expect(dialog.getByRole('heading', { level: 3 })).toHaveText(title)
}
