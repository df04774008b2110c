/**
 * The member's avatar on My account (the member centre's first page), on a phone (390 px) and a
 * desktop: the platform's image with an accessible name, in a fixed 56 px circle that moves nothing.
 */
import { readFileSync } from 'node:fs'
import { test, expect } from './fixtures.ts'
import { skipNoticePopup } from './popups.ts'
import { demo, signedIn } from './session.ts'

const firstLoad = { timeout: 60_000 }
const m: Record<string, string> = Object.assign({}, ...['shell', 'centre', 'money'].map((ns) => JSON.parse(readFileSync(`locales/en/${ns}.json`, 'utf8'))))

for (const width of [390, 1280]) {
  test(`shows the member's avatar on My account at ${width} px`, async ({ page, app }) => {
    await page.setViewportSize({ width, height: 844 })
    await skipNoticePopup(page)
    await signedIn(page, app.url, demo)
    await page.goto('/')
    if (width < 600) {
      // On a phone the header keeps only the menu button: the centre opens from the bottom bar.
      await page.getByRole('navigation', { name: 'Quick links' }).getByRole('button', { name: 'Deposit' }).click(firstLoad)
    } else {
      const header = page.locator('header')
      await header.getByRole('button', { name: m.shell_menu }).click(firstLoad)
      await header.getByRole('button', { name: m.shell_menu_member_centre, exact: true }).click()
    }
    const centre = page.getByRole('dialog', { name: m.shell_menu_member_centre })
    await centre
      .getByRole('navigation')
      .getByRole('button', { name: new RegExp(`^${m.centre_member_securityCenter}`) })
      .click(firstLoad)
    const account = centre.getByRole('region', { name: m.centre_member_securityCenter, exact: true })
    const avatar = account.getByRole('img', { name: m.money_avatar_alt.replace('{name}', demo.username) })
    await expect(avatar).toBeVisible(firstLoad)
    // The platform's image, once it arrives, in the same box the initials held.
    await expect(avatar).toHaveAttribute('src', /^data:image\//, firstLoad)
    const box = await avatar.boundingBox()
    expect(box && [Math.round(box.width), Math.round(box.height)]).toEqual([56, 56])
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
  })
}
