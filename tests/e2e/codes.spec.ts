import { test, expect, type Page } from './fixtures.ts'
import { skipNoticePopup } from './popups.ts'
import { signedIn } from './session.ts'

/**
 * Players never read internal codes: a walk through the records, the deposit page and the
 * lottery in Spanish, on a phone, looking for snake_case (`lottery_bet`), UPPER_SNAKE (`VN_SIEUTOC`),
 * a word in capitals of five letters or more (`GCASH`), the stored outcome JSON, or an English
 * channel name; and the Spanish date range fits the phone.
 */

test.use({ viewport: { width: 1280, height: 900 } })
test.describe.configure({ timeout: 180_000 })

const slow = { timeout: 30_000 }
const codePatterns: [RegExp, string][] = [
  [/\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/, 'snake_case'],
  [/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/, 'UPPER_SNAKE'],
  [/\b[A-Z]{5,}\b/, 'ALL CAPS'],
  [/[{]"?kind"?:/, 'raw JSON'],
  [/\b(?:Bank transfer|Card)\b/, 'English channel name'],
]

/** The codes in `text`, each with the pattern that found it. */
function codesIn(text: string): string[] {
  return codePatterns.flatMap(([re, what]) => {
    const hits = text.match(new RegExp(re.source, 'g')) ?? []
    return hits.map((hit) => `${what}: ${hit}`)
  })
}

const visibleText = (page: Page, selector: string) => page.locator(selector).evaluateAll((els) => els.map((el) => (el as HTMLElement).innerText).join('\n'))

test('the records, the deposit page and the lottery in Spanish show names, never codes', async ({ app, page }) => {
  await skipNoticePopup(page)
  await signedIn(page, app.url, { username: 'demo01', password: 'demo1234' })
  const found: string[] = []
  const look = async (where: string, selector: string) => {
    for (const code of codesIn(await visibleText(page, selector))) found.push(`${where}: ${code}`)
  }

  await page.goto('/es/')
  const header = page.locator('header')
  await header.getByRole('button', { name: 'Menú de la cuenta' }).click(slow)
  await header.getByRole('button', { name: 'Historial de apuestas', exact: true }).click()
  const centre = page.getByRole('dialog').filter({ has: page.getByRole('navigation') })
  await expect(centre.getByText('Detalle de la ronda').first()).toBeVisible(slow)
  // The game-type filter and a round's detail with its outcome.
  await centre.getByRole('button', { name: 'Detalle de la ronda' }).first().click()
  await expect(centre.getByText('Resultado', { exact: true })).toBeVisible(slow)
  await look('historial de apuestas', '[role=dialog] [role=region]')
  const gameTypes = await centre.locator('select').first().locator('option').allInnerTexts()
  for (const code of codesIn(gameTypes.join('\n'))) found.push(`tipos de juego: ${code}`)
  // The date range fits a phone (407 px wide in Spanish at 390).
  await page.setViewportSize({ width: 390, height: 844 })
  await expect
    .poll(async () => {
      const range = await centre.locator('.lk-money__range').boundingBox()
      return range ? Math.ceil(range.x + range.width) : 9999
    }, slow)
    .toBeLessThanOrEqual(390)
  await page.setViewportSize({ width: 1280, height: 900 })

  await centre.getByRole('navigation').getByRole('button', { name: 'Movimientos de la cuenta' }).click()
  await expect(centre.locator('table tbody tr').first()).toBeVisible(slow)
  await look('movimientos de la cuenta', '[role=dialog] [role=region]')
  const kinds = await centre.locator('select').first().locator('option').allInnerTexts()
  for (const code of codesIn(kinds.join('\n'))) found.push(`tipos de movimiento: ${code}`)

  await centre.getByRole('navigation').getByRole('button', { name: 'Depositar' }).click()
  await expect(centre.getByRole('radio').first()).toBeVisible(slow)
  await look('depositar', '[role=dialog] [role=region]')
  // An order's summary names its channel.
  await centre.getByRole('radio', { name: /GCash/ }).check()
  await centre.getByLabel('Importe', { exact: true }).fill('100')
  await centre.getByRole('button', { name: 'Depositar', exact: true }).last().click()
  await expect(centre.getByRole('status').first()).toBeVisible(slow)
  await look('resumen del depósito', '[role=dialog] [role=region]')

  await page.goto('/es/lottery')
  await expect(page.locator('.lk-lot-table tbody tr').first()).toBeVisible(slow)
  await look('lotería', 'main')

  expect(found).toEqual([])
})
