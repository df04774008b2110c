/**
 * Agent centre journeys: agent01 lands on /agentHome, reads the team overview, opens each
 * visible page, offers a contract to agent02 (with what it would have paid); agent02, in its own
 * browser context, accepts it; the admin pay run pays it for the first day after acceptance (never
 * for yesterday) and agent02's income and balance show it; a rate above the platform's ceiling is
 * refused with the reason at the field; a lower rate warns and, once confirmed and accepted, ends
 * agent02's sub-contract that paid more (until agent02 answers, its live contract stays);
 * every confirmation in the agent centre (Reject, End contract) answers the mouse and Escape.
 */
import { createMember } from '../../sandbox/auth/accounts.ts'
import { balanceOf, memberAccount } from '../../sandbox/ledger.ts'
import { agent02, goTo, openCentre } from './agent-centre.ts'
import { expect, test } from './fixtures.ts'
import { agent, brandDayStart, clientFor, sessionFor, signedIn } from './session.ts'
import { roomCaller } from '../../sdk/client/index.ts'
import { agentRoutes } from '../../sdk/contract/routes/agent.ts'
import { formatMoney } from '../../sdk/format/index.ts'
import { readFile } from 'node:fs/promises'

const DAY = 86_400_000

test('agent01 offers agent02 a daily salary, agent02 accepts, a pay run pays it once, and a lower rate ends the sub-contract after confirmation', async ({
  page,
  app,
  browser,
}) => {
  test.setTimeout(400_000)
  const idOf = async (u: string) => (await app.db.query<{ id: string }>('SELECT id FROM members WHERE username = $1', [u]))[0].id
  // Yesterday agent02's team (member21) staked 400.00 in settled rounds: 1.00 % of it is 4.00. It
  // stakes the same tomorrow, the first day a contract accepted today is paid for.
  const [{ node_id }] = await app.db.query<{ node_id: string }>('SELECT node_id FROM games ORDER BY node_id LIMIT 1')
  // In the brand's days (the pay runs'), not UTC's: the two differ from 16:00 UTC on.
  const yesterday = brandDayStart(Date.now()) - DAY + 3_600_000
  for (const [day, at] of [yesterday, yesterday + 2 * DAY].entries()) {
    for (const [i, stake, payout] of [
      [1, 30_000, 0],
      [2, 10_000, 25_000],
    ] as const) {
      await app.db.query(
        `INSERT INTO rounds (id, member_id, node_id, idempotency_key, stake, payout, outcome, status, created_at) VALUES ($1, $2, $3, $1, $4, $5, '', 'settled', $6)`,
        [`e2e_${day}_${i}`, await idOf('member21'), node_id, stake, payout, at + i],
      )
    }
  }

  const { session1, dialog } = await test.step("team overview of yesterday, and every page of the agent's", async () => {
    const session1 = await signedIn(page, app.url, agent)
    const dialog = await openCentre(page)
    await expect(dialog.getByRole('heading', { level: 3 })).toHaveText('Team overview')
    await expect(dialog.getByRole('button', { name: 'Today', pressed: true })).toBeVisible()
    await dialog.getByRole('button', { name: 'Yesterday' }).click()
    await expect(dialog.getByText('Valid bets', { exact: true }).locator('..')).toContainText('400.00')

    // Every visible page opens with its own heading.
    const pages = dialog.getByRole('navigation', { name: 'Agent centre pages' }).getByRole('button')
    const titles = await pages.allTextContents()
    expect(titles).toHaveLength(12)
    for (const title of titles) await goTo(dialog, title)
    return { session1, dialog }
  })

  const { form, card02, terms02, rates02 } = await test.step('agent01 offers agent02 a daily salary, refused first above the ceiling', async () => {
    // Offer agent02 a daily salary of 1.00 %, seeing first what it would have paid yesterday.
    await goTo(dialog, 'Team management')
    await dialog.getByRole('button', { name: 'Offer a contract to agent02' }).click()
    const form = dialog.getByRole('form', { name: 'Offer a contract to agent02' })
    // Above the platform's ceiling for a top-level agent (1.00 %): the simulator says why, at the field.
    await form.getByLabel('Share of valid bets (%)').fill('5')
    await form.getByRole('button', { name: 'What would it have paid?' }).click()
    await expect(form.getByRole('status').first()).toContainText("This offer would be refused: At most 1.00 %: the platform's limit for this kind.")
    await expect(form.getByLabel('Share of valid bets (%)')).toHaveAccessibleDescription("At most 1.00 %: the platform's limit for this kind.")
    await form.getByRole('button', { name: 'Send offer' }).click()
    await expect(form.getByLabel('Share of valid bets (%)')).toHaveAccessibleDescription("At most 1.00 %: the platform's limit for this kind.")
    await form.getByLabel('Share of valid bets (%)').fill('1')
    await form.getByRole('button', { name: 'What would it have paid?' }).click()
    await expect(form.getByRole('status').first()).toContainText('₱4.00')
    await expect(form.getByRole('status').first()).toContainText('Once accepted, it pays from the period starting')
    await form.getByRole('button', { name: 'Send offer' }).click()
    // The card confirms the offer was sent, and shows it beside the terms in force (none yet).
    const card02 = dialog.getByRole('listitem').filter({ has: page.getByRole('button', { name: 'Offer a contract to agent02' }) })
    const terms02 = card02.getByRole('term').filter({ hasText: 'Daily salary' })
    const rates02 = card02.getByRole('definition').filter({ hasText: ' %' })
    await expect(card02.getByRole('status')).toHaveText('Offer sent to agent02. The contract in force stays until agent02 accepts it.')
    await expect(terms02).toHaveText(['Daily salary offered, awaiting answer'])
    await expect(rates02).toContainText(['1.00 %'])
    return { form, card02, terms02, rates02 }
  })

  const { other, dialog2 } = await test.step('agent02, in its own browser, accepts', async () => {
    const other = await browser.newContext({ baseURL: app.url, timezoneId: 'UTC' })
    const page2 = await other.newPage()
    await signedIn(page2, app.url, agent02)
    const dialog2 = await openCentre(page2)
    await goTo(dialog2, 'My income')
    const offer = dialog2.getByRole('listitem').filter({ hasText: 'Daily salary · from agent01' })
    await expect(offer).toContainText('Offered')
    await expect(offer).toContainText('1.00 %')
    await offer.getByRole('button', { name: 'Accept' }).click()
    await expect(offer).toContainText('Active')
    await expect(offer).toContainText('Accepted by agent02')
    return { other, dialog2 }
  })

  await test.step('a pay run pays the contract once, from its first day', async () => {
    // The admin pay run pays nothing for yesterday (before the acceptance), then tomorrow once; a second run pays nothing more.
    const before = await balanceOf(app.db, memberAccount(await idOf('agent02')))
    const payRun = (at?: number) =>
      fetch(`${app.url}/sandbox/admin/agent/payrun`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ kind: 'daily_salary', at }) })
    expect((await payRun()).ok).toBe(true)
    expect(await balanceOf(app.db, memberAccount(await idOf('agent02')))).toBe(before)
    for (let run = 0; run < 2; run++) expect((await payRun(yesterday + 3 * DAY)).ok).toBe(true)
    expect(await balanceOf(app.db, memberAccount(await idOf('agent02')))).toBe(before + 400)
    await goTo(dialog2, 'Daily salary')
    await expect(dialog2.getByText('₱4.00 in 1 payout')).toBeVisible()
    await expect(dialog2.getByRole('table').getByRole('row')).toHaveCount(2)
    await expect(dialog2.getByRole('table').getByRole('row').nth(1)).toContainText('400.00')
  })

  await test.step('a lower rate ends the sub-contract after a warning', async () => {
    // agent02 pays its own sub-agent 1.00 % (its own rate, the most it may); agent01's new 0.50 % offer warns, then ends that contract.
    const sub = await createMember(app.db, { username: 'e2esub01', isAgent: 1, type: 1, uplineId: await idOf('agent02'), passwordHash: null }, Date.now())
    const c2 = clientFor(app.url, (await sessionFor(app.url, agent02)).token)
    const agentApi2 = roomCaller(() => c2, agentRoutes)
    await agentApi2('agentOfferContract', { kind: 'daily_salary', period: 'daily', rateBp: 100, downlineId: sub.id })
    await goTo(dialog, 'Team management')
    await dialog.getByRole('button', { name: 'Offer a contract to agent02' }).click()
    await form.getByLabel('Share of valid bets (%)').fill('0.5')
    await form.getByRole('button', { name: 'Send offer' }).click()
    const warning = form.getByRole('alert').filter({ hasText: 'This rate is lower than 1 contract this downline' })
    await expect(warning).toContainText('e2esub01 at 1.00 %')
    await warning.getByRole('button', { name: 'Offer and end them' }).click()
    await expect(card02.getByRole('status')).toHaveText('Offer sent to agent02. The contract in force stays until agent02 accepts it.')
    // Until agent02 answers, its 1.00 % stays in force beside the 0.50 % offer, and so does the sub-contract it offered.
    await expect(terms02).toHaveText(['Daily salary in force', 'Daily salary offered, awaiting answer'])
    await expect(rates02).toContainText(['1.00 %', '0.50 %'])
    const before2 = await agentApi2('agentContracts')
    expect(before2.given.find((c) => c.downline === 'e2esub01')?.status).toBe('offered')
    const lower = before2.received.find((c) => c.status === 'offered')
    expect(lower).toMatchObject({ rateBp: 50, upline: 'agent01' })
    await agentApi2('agentContractAction', { contractId: lower!.id, action: 'accept' })
    const given = await agentApi2('agentContracts')
    expect(given.given.find((c) => c.downline === 'e2esub01')).toMatchObject({
      status: 'terminated',
      events: expect.arrayContaining([expect.objectContaining({ reason: 'lower_rate', actor: 'agent01' })]),
    })
    expect(given.received.filter((c) => c.kind === 'daily_salary').map((c) => [c.rateBp, c.status])).toEqual([
      [50, 'active'],
      [100, 'terminated'],
    ])
    await other.close()
  })

  await test.step('account registration and an invitation code with its link and QR code', async () => {
    // Account registration: agent01 creates a member below itself, and an invitation code with its link and QR code.
    await goTo(dialog, 'Account registration')
    const create = dialog.getByRole('form', { name: 'Create an account' })
    await create.getByLabel('Username').fill('e2enew01')
    await create.getByLabel('First password').fill('abc12345')
    await create.getByLabel('Confirm the password').fill('abc12345')
    await create.getByRole('button', { name: 'Create account' }).click()
    await expect(create.getByRole('status')).toHaveText('Member e2enew01 created in your team.')
    await expect(create.getByLabel('First password')).toHaveValue('')
    const invitations = () => app.db.query<{ code: string }>('SELECT code FROM agent_invitations ORDER BY created_at DESC')
    const invitationsBefore = (await invitations()).length
    await dialog.getByRole('button', { name: 'New invitation code' }).click()
    // The code is the server's: read it once the call has stored it (under load it lands after the click returns).
    await expect.poll(async () => (await invitations()).length).toBe(invitationsBefore + 1)
    const [created] = await invitations()
    await expect(dialog.getByRole('img', { name: `QR code of the registration link for code ${created.code}` })).toBeVisible()
    await expect(dialog.getByText(`${app.url}/register?affiliateCode=${created.code}`, { exact: true })).toBeVisible()
  })

  await test.step('a transfer to the new member, with the payment password and a review', async () => {
    // Transfer 25.00 to the new member from team management, with the payment password and a review step.
    await clientFor(app.url, session1.token).api('setPaymentPassword', { newPassword: '123456', confirmNewPassword: '123456' })
    const agentBefore = await balanceOf(app.db, memberAccount(await idOf('agent01')))
    await goTo(dialog, 'Team management')
    const newbie = dialog.getByRole('listitem').filter({ hasText: 'e2enew01' })
    await newbie.getByRole('button', { name: 'Transfer to e2enew01' }).click()
    const pay = dialog.getByRole('form', { name: 'Transfer to e2enew01' })
    await pay.getByLabel('Amount').fill('25')
    await pay.getByLabel('Payment password').fill('123456')
    await pay.getByRole('button', { name: 'Review transfer' }).click()
    await dialog.getByRole('group', { name: 'Transfer to e2enew01' }).getByRole('button', { name: 'Confirm transfer' }).click()
    // The payment password is checked with a slow hash: allow for a loaded machine.
    await expect(pay.getByRole('status')).toHaveText(`₱25.00 transferred to e2enew01. Your balance: ${formatMoney(agentBefore - 25_00, 'PHP', 'en')}.`, { timeout: 60_000 })
    await expect(newbie).toContainText('₱25.00')
    expect(await balanceOf(app.db, memberAccount(await idOf('e2enew01')))).toBe(25_00)
    expect(await balanceOf(app.db, memberAccount(await idOf('agent01')))).toBe(agentBefore - 25_00)
  })

  await test.step('downline transactions and team betting, whose CSV matches the table', async () => {
    // Downline transactions show the transfer; team betting shows member21's rounds of yesterday, and its CSV matches the table.
    await goTo(dialog, 'Downline transactions')
    const txTable = dialog.getByRole('table')
    await expect(txTable.getByRole('row').filter({ hasText: 'e2enew01' })).toContainText('25.00')
    await goTo(dialog, 'Team betting')
    await dialog.getByRole('button', { name: 'Yesterday' }).click()
    await dialog.getByLabel('Member (username)').fill('member21')
    await dialog.getByRole('button', { name: 'Apply' }).click()
    const bets = dialog.getByRole('table')
    await expect(bets.getByRole('row')).toHaveCount(3)
    const shown = (await bets.getByRole('row').all()).slice(1)
    const tableRows = await Promise.all(shown.map(async (r) => (await r.getByRole('cell').allTextContents()).map((c) => c.trim())))
    const download = page.waitForEvent('download')
    await dialog.getByRole('button', { name: 'Export CSV' }).click()
    const file = await download
    expect(file.suggestedFilename()).toMatch(/^team-betting-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/)
    const csv = (await readFile(await file.path(), 'utf8'))
      .trim()
      .split('\r\n')
      .slice(1)
      .map((l) => l.split(','))
    await expect(dialog.getByText('Exported 2 rows.')).toBeVisible()
    // The table's member, stake and win/loss of each row are the CSV's, in the same order.
    const shownMoney = (decimal: string) => formatMoney(Math.round(Number(decimal) * 100), 'PHP', 'en')
    expect(csv.map((c) => [c[1], shownMoney(c[4]), shownMoney(c[6])])).toEqual(tableRows.map((c) => [c[0], c[2], c[3]]))
  })
})

// The confirmations open above the agent centre (its dialog stack): the mouse reaches them and Escape
// closes them. A downline that rejects a new offer keeps the contract in force.
test('every confirmation in the agent centre answers the mouse and Escape; a rejected offer leaves the contract in force', async ({ page, app }) => {
  test.setTimeout(240_000)
  const idOf = async (u: string) => (await app.db.query<{ id: string }>('SELECT id FROM members WHERE username = $1', [u]))[0].id
  const top = clientFor(app.url, (await sessionFor(app.url, agent)).token)
  const down = clientFor(app.url, (await sessionFor(app.url, agent02)).token)
  const api1 = roomCaller(() => top, agentRoutes)
  const api2 = roomCaller(() => down, agentRoutes)
  const terms = { kind: 'daily_salary', period: 'daily', downlineId: await idOf('agent02') } as const
  const live = await api1('agentOfferContract', { ...terms, rateBp: 100 })
  await api2('agentContractAction', { contractId: live.contract!.id, action: 'accept' })
  await api1('agentOfferContract', { ...terms, rateBp: 50 })

  await signedIn(page, app.url, agent02)
  const dialog = await openCentre(page)
  await goTo(dialog, 'My income')
  const received = dialog.getByRole('listitem').filter({ hasText: 'Daily salary · from agent01' })
  const inForce = received.filter({ hasText: '1.00 %' })
  const offer = received.filter({ hasText: '0.50 %' })
  await expect(inForce).toContainText('Active')
  await expect(offer).toContainText('Offered')
  const confirm = page.getByRole('alertdialog')

  // Reject: Escape closes the question and changes nothing; then the mouse confirms it.
  await offer.getByRole('button', { name: 'Reject' }).click()
  await expect(confirm).toContainText('Reject this contract?')
  await page.keyboard.press('Escape')
  await expect(confirm).toHaveCount(0)
  await expect(offer).toContainText('Offered')
  await offer.getByRole('button', { name: 'Reject' }).click()
  await confirm.getByRole('button', { name: 'Confirm' }).click()
  await expect(offer).toContainText('Rejected')
  await expect(inForce).toContainText('Active')
  expect((await api1('agentContracts')).given.filter((c) => c.downline === 'agent02').map((c) => [c.rateBp, c.status])).toEqual([
    [50, 'rejected'],
    [100, 'active'],
  ])

  // End contract: Cancel by mouse keeps it; Confirm by mouse ends it.
  await inForce.getByRole('button', { name: 'End contract' }).click()
  await expect(confirm).toContainText('End this contract?')
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(confirm).toHaveCount(0)
  await expect(inForce).toContainText('Active')
  await inForce.getByRole('button', { name: 'End contract' }).click()
  await confirm.getByRole('button', { name: 'Confirm' }).click()
  await expect(inForce).toContainText('Ended')
  await expect(inForce.getByRole('button', { name: 'End contract' })).toHaveCount(0)
})

// A figure followed down to the member who made it, and back up.
test('profit and loss opens a sub-team’s statement with breadcrumbs back up; a search result shows its place and links to its bets', async ({ page, app }) => {
  test.setTimeout(240_000)
  // agent01 › e2eta › e2etb › e2etm, and e2etm lost 100.00 today.
  const idOf = async (u: string) => (await app.db.query<{ id: string }>('SELECT id FROM members WHERE username = $1', [u]))[0].id
  let upline = await idOf('agent01')
  for (const [username, isAgent] of [
    ['e2eta', 1],
    ['e2etb', 1],
    ['e2etm', 0],
  ] as const)
    upline = (await createMember(app.db, { username, isAgent, type: isAgent, uplineId: upline, passwordHash: null }, Date.now())).id
  const [{ node_id }] = await app.db.query<{ node_id: string }>('SELECT node_id FROM games ORDER BY node_id LIMIT 1')
  await app.db.query(
    `INSERT INTO rounds (id, member_id, node_id, idempotency_key, stake, payout, outcome, status, created_at) VALUES ($1, $2, $3, $1, 10000, 0, '', 'settled', $4)`,
    ['e2e_pl_1', upline, node_id, Date.now()],
  )
  await signedIn(page, app.url, agent)
  const dialog = await openCentre(page)
  await goTo(dialog, 'Profit and loss')
  await dialog.getByRole('button', { name: 'This month' }).click()
  // The period's days are the platform zone's, and the page names it, not UTC.
  await expect(dialog.getByText(/^From \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2} \(UTC\+08:00\)$/)).toBeVisible({ timeout: 30_000 })
  const crumbs = dialog.getByRole('navigation', { name: 'Where you are in your team' })
  const table = dialog.getByRole('table')
  await table.getByRole('button', { name: "Profit and loss of e2eta's team" }).click()
  // e2eta's statement: its own downlines, still on the profit and loss page, for the same period.
  await expect(crumbs.getByRole('button', { name: 'agent01' })).toBeVisible()
  await expect(crumbs.getByText('e2eta')).toHaveAttribute('aria-current', 'page')
  await expect(dialog.getByRole('heading', { level: 3 })).toHaveText('Profit and loss')
  await expect(dialog.getByRole('button', { name: 'This month', pressed: true })).toBeVisible()
  await expect(table.getByRole('button', { name: /^Profit and loss of / })).toHaveCount(1)
  await expect(table.getByRole('row').filter({ hasText: 'e2etb' })).toContainText('₱100.00')
  await table.getByRole('button', { name: "Profit and loss of e2etb's team" }).click()
  await expect(crumbs.getByText('e2etb')).toHaveAttribute('aria-current', 'page')
  await expect(table.getByRole('row').filter({ hasText: 'e2etm' })).toContainText(formatMoney(-10_000, 'PHP', 'en'))
  await crumbs.getByRole('button', { name: 'agent01' }).click()
  await expect(crumbs).toHaveCount(0)
  await expect(table.getByRole('button', { name: "Profit and loss of e2eta's team" })).toBeVisible()

  // Team management: the search result says where e2etm sits, and its card opens its bets.
  await goTo(dialog, 'Team management')
  await dialog.getByLabel('Search by username').fill('e2etm')
  await dialog.getByRole('button', { name: 'Search', exact: true }).click()
  const card = dialog.getByRole('listitem').filter({ hasText: 'e2etm' })
  await expect(card).toContainText('agent01 › e2eta › e2etb › e2etm')
  await card.getByRole('button', { name: 'Bets of e2etm' }).click()
  await expect(dialog.getByRole('heading', { level: 3 })).toHaveText('Team betting')
  await expect(dialog.getByLabel('Member (username)')).toHaveValue('e2etm')
  await expect(dialog.getByRole('button', { name: 'This month', pressed: true })).toBeVisible()
})

// On a 390 px phone a wide report scrolls sideways under its first column.
test('on a phone, a wide agent report keeps its first column in view while it scrolls sideways', async ({ page, app }) => {
  test.setTimeout(180_000)
  await page.setViewportSize({ width: 390, height: 844 })
  await signedIn(page, app.url, agent)
  const dialog = await openCentre(page)
  await goTo(dialog, 'Profit and loss')
  const table = dialog.getByRole('table')
  const first = table.getByRole('columnheader', { name: 'Downline' })
  await expect(first).toBeVisible()
  const wrap = table.locator('xpath=..')
  const scrollable = await wrap.evaluate((el) => el.scrollWidth - el.clientWidth)
  expect(scrollable).toBeGreaterThan(0)
  const before = await first.boundingBox()
  await wrap.evaluate((el) => {
    el.scrollLeft = el.scrollWidth
  })
  await expect.poll(() => wrap.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0)
  const after = await first.boundingBox()
  expect(after?.x).toBeCloseTo(before?.x ?? -1, 0)
  // The figures did move under it.
  const last = table.getByRole('columnheader', { name: 'Team win/loss' })
  await expect(last).toBeInViewport()
})

// On a 390 px phone the 12 pages are a menu that says where the agent is.
test('on a phone, the agent centre pages are a menu naming the open page', async ({ page, app }) => {
  test.setTimeout(180_000)
  await page.setViewportSize({ width: 390, height: 844 })
  await signedIn(page, app.url, agent)
  const dialog = await openCentre(page)
  const nav = dialog.getByRole('navigation', { name: 'Agent centre pages' })
  const menu = nav.getByRole('button', { name: 'Agent centre pages: Team overview' })
  await expect(menu).toHaveAttribute('aria-expanded', 'false')
  await expect(nav.getByRole('button', { name: 'Team betting', exact: true })).toBeHidden()
  await menu.click()
  await expect(menu).toHaveAttribute('aria-expanded', 'true')
  // Every page is in view at once, one under the other, the open one marked.
  const items = nav.getByRole('listitem').getByRole('button')
  await expect(items).toHaveCount(12)
  await expect(nav.getByRole('button', { name: 'Team overview', exact: true })).toHaveAttribute('aria-current', 'page')
  for (const b of await items.all()) expect((await b.boundingBox())?.width).toBeGreaterThan(300)
  await nav.getByRole('button', { name: 'Team betting', exact: true }).click()
  await expect(dialog.getByRole('heading', { level: 3 })).toHaveText('Team betting')
  await expect(nav.getByRole('button', { name: 'Agent centre pages: Team betting' })).toHaveAttribute('aria-expanded', 'false')
  await expect(items.first()).toBeHidden()
})
