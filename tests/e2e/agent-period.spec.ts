/**
 * Agent centre journeys: agent02 reads what its contract will pay this
 * period beside the last period, and agent01 what agent02's contract costs it; a daily salary record
 * is filtered by a range of days and by contract and shows the basis it paid on; agent01 labels an
 * invitation code, a visit of its link shows in what the links brought, and the link of a disabled
 * code tells the player it is no longer valid until the code is enabled again.
 */
import { actOnContract, offerContract } from '../../sandbox/agent/contracts.ts'
import { payRun } from '../../sandbox/agent/payruns.ts'
import { agent02, firstLoad, goTo, openCentre } from './agent-centre.ts'
import { expect, test } from './fixtures.ts'
import { skipNoticePopup } from './popups.ts'
import { agent, brandDate, brandDayStart, signedIn } from './session.ts'

const DAY = 86_400_000

test("agent02 sees this period's pay so far beside the last period, agent01 what it costs, and the daily salary record by days and contract", async ({ page, app, browser }) => {
  test.setTimeout(300_000)
  const idOf = async (u: string) => (await app.db.query<{ id: string }>('SELECT id FROM members WHERE username = $1', [u]))[0].id
  const [top, a2, m21] = [await idOf('agent01'), await idOf('agent02'), await idOf('member21')]
  // The brand's day (its periods are), not UTC's: the two differ from 16:00 UTC on.
  const today = brandDayStart(Date.now())
  // A daily salary of 1.00 % from agent01, accepted three days ago; member21 (agent02's team) staked
  // 300.00 yesterday and 200.00 today so far, each lost: yesterday pays 3.00, today so far 2.00.
  const { contract } = await offerContract(
    app.db,
    top,
    { kind: 'daily_salary', period: 'daily', rateBp: 100, winRateBp: 0, lossRateBp: 0, minActive: 0, minValidBet: 0, minLoss: 0, downlineId: a2, confirmLower: false },
    today - 3 * DAY,
  )
  await actOnContract(app.db, a2, contract!.id, 'accept', today - 3 * DAY)
  const [{ node_id }] = await app.db.query<{ node_id: string }>('SELECT node_id FROM games ORDER BY node_id LIMIT 1')
  for (const [i, stake, at] of [
    [1, 30_000, today - DAY + 3_600_000],
    [2, 20_000, Math.min(Date.now() - 60_000, today + 60_000)],
    [3, 50_000, today - 2 * DAY + 3_600_000],
  ] as const)
    await app.db.query(
      `INSERT INTO rounds (id, member_id, node_id, idempotency_key, stake, payout, outcome, status, created_at) VALUES ($1, $2, $3, $1, $4, 0, '', 'settled', $5)`,
      [`e2e_period_${i}`, m21, node_id, stake, at],
    )
  // The day before yesterday is paid (5.00); yesterday is not yet.
  await payRun(app.db, today - DAY + 60_000, 'daily_salary')

  const other = await browser.newContext({ baseURL: app.url, timezoneId: 'UTC' })
  const page2 = await other.newPage()
  await signedIn(page2, app.url, agent02)
  const dialog2 = await openCentre(page2)
  await goTo(dialog2, 'My income')
  const pay = dialog2.getByRole('region', { name: 'What this period will pay' })
  const card = pay.getByRole('article', { name: /Daily salary · from agent01 · 1\.00 %/ })
  await expect(card).toBeVisible({ timeout: firstLoad })
  const line = (name: string) => card.getByRole('row', { name: new RegExp(`^${name}`) })
  await expect(line('Valid bets')).toContainText('200.00')
  await expect(line('Valid bets')).toContainText('300.00')
  await expect(line('You get')).toContainText('2.00')
  await expect(line('You get')).toContainText('3.00')
  await expect(pay).toContainText(/Figures up to .* \(UTC\+08:00\)/)

  // The daily salary record: every period, then one day; each line names the contract's upline and what it paid on.
  await goTo(dialog2, 'Daily salary')
  await expect(dialog2.getByText('₱5.00 in 1 payout')).toBeVisible()
  const row = dialog2.getByRole('row').filter({ hasText: 'agent01' })
  await expect(row).toContainText('500.00')
  await dialog2.getByRole('button', { name: 'Date range' }).click()
  await dialog2.getByLabel('From').fill(brandDate(today - DAY))
  await dialog2.getByLabel('To').fill(brandDate(today))
  await expect(dialog2.getByText('No payouts yet.')).toBeVisible()
  await dialog2.getByRole('button', { name: 'All periods' }).click()
  await dialog2.getByLabel('Contract').selectOption({ index: 1 })
  await expect(dialog2.getByLabel('Contract')).toContainText('agent01 · 1.00 % · Active')
  await expect(dialog2.getByText('₱5.00 in 1 payout')).toBeVisible()

  // agent01: what agent02's contract costs it this period and the last.
  await signedIn(page, app.url, agent)
  const dialog = await openCentre(page)
  await goTo(dialog, 'My income')
  const cost = dialog.getByRole('region', { name: 'What this period will pay' })
  await expect(cost.getByText("What your downlines' contracts cost you")).toBeVisible({ timeout: firstLoad })
  await expect(cost.getByText('This period so far: ₱2.00. Last period: ₱3.00.')).toBeVisible()
  await expect(cost.getByRole('article', { name: /Daily salary · with agent02/ }).getByRole('row', { name: /^Costs you/ })).toContainText('2.00')
  await other.close()
})

test('agent01 labels an invitation code, sees its link visit, and a disabled link tells the player it is no longer valid until enabled again', async ({ page, app, browser }) => {
  test.setTimeout(300_000)
  await signedIn(page, app.url, agent)
  const dialog = await openCentre(page)
  await goTo(dialog, 'Account registration')
  await dialog.getByRole('button', { name: 'New invitation code' }).click()
  const item = dialog
    .getByRole('listitem')
    .filter({ has: page.getByRole('form', { name: /^Label of code / }) })
    .first()
  const code = (await item.getByRole('form').getAttribute('aria-label'))!.replace('Label of code ', '')
  await item.getByRole('textbox', { name: 'Label' }).fill('Flyer March')
  await item.getByRole('button', { name: 'Save label' }).click()
  await expect(item.getByText('Label saved.')).toBeVisible()
  await expect(item).toContainText(`${code} · Flyer March`)

  // A player opens the link: one visit.
  const visitor = await browser.newContext({ baseURL: app.url, timezoneId: 'UTC' })
  const player = await visitor.newPage()
  await skipNoticePopup(player)
  const open = async () => {
    const checked = player.waitForResponse((r) => r.url().includes('/wps/agent/affiliate'), { timeout: firstLoad })
    await player.goto(`/register?affiliateCode=${code}`)
    await checked
  }
  await open()
  await expect(player.getByRole('heading', { name: 'Create an account' })).toBeVisible({ timeout: firstLoad })
  await expect(player.getByRole('alert').filter({ hasText: 'no longer valid' })).toHaveCount(0)

  const links = dialog.getByRole('region', { name: 'What my links bring' })
  await links.getByRole('button', { name: 'Today' }).click()
  // The code's line: its link visits are the first figure.
  await expect(
    links
      .getByRole('row', { name: new RegExp(`^${code} · Flyer March`) })
      .getByRole('cell')
      .first(),
  ).toHaveText('1', { timeout: firstLoad })

  // Disabled: the link says so. Enabled again: it does not.
  await item.getByRole('button', { name: `Disable code ${code}` }).click()
  const disabled = dialog.getByRole('listitem').filter({ hasText: code })
  await expect(disabled.getByRole('button', { name: `Enable code ${code} again` })).toBeVisible()
  await open()
  await expect(player.getByRole('alert').filter({ hasText: `(code ${code}) is no longer valid` })).toBeVisible({ timeout: firstLoad })
  await disabled.getByRole('button', { name: `Enable code ${code} again` }).click()
  await expect(disabled.getByRole('button', { name: `Disable code ${code}` })).toBeVisible()
  await open()
  await expect(player.getByRole('heading', { name: 'Create an account' })).toBeVisible({ timeout: firstLoad })
  await expect(player.getByRole('alert').filter({ hasText: 'no longer valid' })).toHaveCount(0)
  await visitor.close()
})
