/**
 * Rewards journeys, each from a fresh member: play until a mission completes and claim it
 * (a second click claims nothing more), see the VIP progress move after a deposit, earn points and
 * redeem a reward (in process, then approved by the admin route), apply to a promotion with a comment
 * and two images after the bad inputs are refused at their fields, and claim a rebate once; read back
 * in the member centre, in English and Spanish. Rounds and deposits are settled through the sandbox's
 * own engine calls (the game pages and the gateway have their own journeys).
 */
import { randomUUID } from 'node:crypto'
import { test, expect as baseExpect, type App, type Page } from './fixtures.ts'
import { skipNoticePopup } from './popups.ts'
import { createMember } from '../../sandbox/auth/accounts.ts'
import { createSession } from '../../sandbox/auth/sessions.ts'
import { creditMember } from '../../sandbox/ledger.ts'
import { playRound } from '../../sandbox/games/rounds.ts'
import { createDeposit, settleDeposit } from '../../sandbox/money/deposit.ts'
import { clientFor } from './session.ts'

test.describe.configure({ timeout: 360_000 })
test.beforeEach(async ({ page }) => skipNoticePopup(page))
const expect = baseExpect.configure({ timeout: 20_000 })
const firstLoad = 60_000
const hashed = { timeout: 30_000 }

const texts = {
  en: { centre: 'Member centre', menu: 'Account menu', missions: 'Mission activity', rewards: 'Reward centre', rebate: 'Manual rebate', rank: 'Player rank', claim: 'Claim' },
  es: {
    centre: 'Centro de miembros',
    menu: 'Menú de la cuenta',
    missions: 'Actividad de misiones',
    rewards: 'Centro de recompensas',
    rebate: 'Reembolso manual',
    rank: 'Rango del jugador',
    claim: 'Reclamar',
  },
} as const
type Lang = keyof typeof texts

/** A new member with `balance`, signed in in this tab (session keys set before any script runs). */
async function freshMember(page: Page, app: App, balance = 500_00) {
  const username = `rw${randomUUID().slice(0, 8)}`
  const row = await createMember(app.db, { username, type: 0, isAgent: 0, passwordHash: null }, Date.now())
  await creditMember(app.db, row.id, balance, { idempotencyKey: `seed:${row.id}` })
  const token = await createSession(app.db, row.id, Date.now(), '127.0.0.1')
  await page.addInitScript(
    (s) => {
      if (sessionStorage.getItem('token')) return
      sessionStorage.setItem('token', JSON.stringify(s.token))
      sessionStorage.setItem('account', JSON.stringify(s.username))
      sessionStorage.setItem('isAgent', '0')
    },
    { token, username },
  )
  return { id: row.id, username, token }
}

/** Plays `count` settled rounds of `stake` on a slot, as the game page's round API does. */
async function play(app: App, m: { id: string; username: string }, count: number, stake = 10_00) {
  const [g] = await app.db.query<{ node_id: string; min_bet: number }>("SELECT node_id, min_bet FROM games WHERE game_type = 'RNG' ORDER BY node_id LIMIT 1")
  for (let i = 0; i < count; i++) {
    await playRound(app.db, { player: m, game: { nodeId: g.node_id, gameType: 'RNG', minBet: Number(g.min_bet) }, stake, idempotencyKey: randomUUID() }, Date.now())
  }
}

/** A paid deposit, as the gateway's signed callback settles it. */
async function deposit(app: App, memberId: string, amount: number) {
  const order = await createDeposit(app.db, memberId, { channel: 'BANK', amount, idempotencyKey: randomUUID().replace(/-/g, '') }, Date.now())
  await settleDeposit(app.db, order.orderId, 'paid', Date.now())
}

const centre = (page: Page, lang: Lang) => page.getByRole('dialog', { name: texts[lang].centre })
async function openCentre(page: Page, lang: Lang, item: string) {
  const header = page.locator('header')
  await header.getByRole('button', { name: texts[lang].menu }).click({ timeout: firstLoad })
  await header.getByRole('button', { name: texts[lang].centre, exact: true }).click()
  await expect(centre(page, lang)).toBeVisible({ timeout: firstLoad })
  await centre(page, lang)
    .getByRole('navigation')
    .getByRole('button', { name: new RegExp(`^${item}`) })
    .click()
}

for (const lang of ['en', 'es'] as const) {
  const root = lang === 'en' ? '' : '/es'

  test(`${lang}: play until a mission completes and claim it once; the VIP progress moves after a deposit`, async ({ page, app }) => {
    const m = await freshMember(page, app)
    await play(app, m, 10)
    await page.goto(`${root}/`)
    await openCentre(page, lang, texts[lang].missions)
    const region = centre(page, lang).getByRole('region')
    const mission = region.getByRole('listitem').filter({ hasText: lang === 'en' ? 'Play 10 rounds today' : 'Juega 10 rondas hoy' })
    await expect(mission.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100', { timeout: firstLoad })
    const claim = mission.getByRole('button', { name: new RegExp(texts[lang].claim) })
    await claim.dblclick()
    await expect(region.getByRole('status').first()).toContainText(lang === 'en' ? 'Mission claimed' : 'Misión reclamada')
    await expect(mission.getByText(lang === 'en' ? 'Claimed' : 'Reclamado', { exact: true })).toBeVisible()
    const [{ n }] = await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM mission_claims WHERE member_id = $1', [m.id])
    expect(n).toBe(1)
    // The leaderboard shows the member's own place.
    await expect(region.getByText(lang === 'en' ? /Your place: \d+/ : /Tu puesto: \d+/)).toBeVisible()
    // The mission's bonus is in the bonus details with its wagering.
    await centre(page, lang)
      .getByRole('navigation')
      .getByRole('button', { name: lang === 'en' ? 'Bonus details' : 'Detalle de bonos' })
      .click()
    await expect(region.getByRole('progressbar', { name: lang === 'en' ? 'Wagering' : 'Requisito de apuesta' })).toBeVisible()

    await page.goto(`${root}/vip`)
    await expect(page.getByText(lang === 'en' ? 'Progress to VIP 1' : 'Progreso hacia VIP 1')).toBeVisible({ timeout: firstLoad })
    const depositBar = page.getByRole('progressbar', { name: lang === 'en' ? 'Deposits' : 'Depósitos' })
    await expect(depositBar).toHaveAttribute('aria-valuenow', '0')
    await deposit(app, m.id, 100_00)
    await page.reload()
    // 100.00 deposited: shown against the next rank's requirement (VIP 1's, or VIP 2's once reached).
    await expect(depositBar).toHaveAttribute('aria-valuetext', lang === 'en' ? /^₱100\.00 / : /^100,00\s₱ /, { timeout: firstLoad })
    await expect(depositBar).not.toHaveAttribute('aria-valuenow', '0')
  })

  test(`${lang}: earn points, redeem a reward with the payment password, approved by the admin route`, async ({ page, app }) => {
    const m = await freshMember(page, app)
    // 1,000.00 deposited earns 50 points (5 per 100.00), spendable once the deposit is played through:
    // 1,000.00 of valid bets recorded after it (as the engine's feed, without the points rounds earn).
    await deposit(app, m.id, 1000_00)
    await app.db.query("INSERT INTO reward_events (key, member_id, kind, category, amount, valid_bet, created_at) VALUES ($1, $2, 'round', 'RNG', 100000, 100000, $3)", [
      `round:played-through-${m.id}`,
      m.id,
      Date.now(),
    ])
    await clientFor(app.url, m.token).api('setPaymentPassword', { newPassword: '123456', confirmNewPassword: '123456' })
    await page.goto(`${root}/pointMall`)
    await expect(page.getByRole('definition').filter({ hasText: lang === 'en' ? '50 points' : '50 puntos' })).toBeVisible({ timeout: firstLoad })
    const voucher = page.getByRole('listitem').filter({ hasText: lang === 'en' ? '5.00 cash voucher' : 'Vale de 5,00' })
    await voucher.getByRole('button').click()
    const password = voucher.getByLabel(lang === 'en' ? 'Payment password' : 'Contraseña de pago')
    await password.fill('999999')
    await voucher.getByRole('button', { name: lang === 'en' ? 'Confirm redeem' : 'Confirmar canje' }).click()
    await expect(voucher.getByRole('alert').filter({ hasText: /./ }).first()).toBeVisible(hashed)
    await expect(password).toHaveValue('999999')
    await password.fill('123456')
    await voucher.getByRole('button', { name: lang === 'en' ? 'Confirm redeem' : 'Confirmar canje' }).click()
    await expect(voucher.getByRole('status')).toContainText(lang === 'en' ? 'in process' : 'en proceso', hashed)
    await page.getByRole('tab', { name: lang === 'en' ? 'Redeem history' : 'Historial de canjes' }).click()
    await expect(page.getByRole('tabpanel').getByText(lang === 'en' ? 'In process' : 'En proceso')).toBeVisible()
    const [redeem] = await app.db.query<{ id: string }>('SELECT id FROM mall_redeems WHERE member_id = $1', [m.id])
    const approved = await fetch(`${app.url}/sandbox/admin/rewards/redeems/${redeem.id}/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"remark":"OK"}',
    })
    expect(approved.status).toBe(200)
    await page.reload()
    await page.getByRole('tab', { name: lang === 'en' ? 'Redeem history' : 'Historial de canjes' }).click({ timeout: firstLoad })
    await expect(page.getByRole('tabpanel').getByText(lang === 'en' ? 'Approved' : 'Aprobado')).toBeVisible()
    await page.getByRole('tab', { name: lang === 'en' ? 'Points details' : 'Detalle de puntos' }).click()
    await expect(page.getByRole('tabpanel').getByRole('cell', { name: '-50' })).toBeVisible()
  })

  test(`${lang}: apply to a promotion with a comment and two images after bad input is refused; claim a rebate once`, async ({ page, app }) => {
    const m = await freshMember(page, app)
    await page.goto(`${root}/promoDetail?id=N-PR-001`)
    const form = page.getByRole('form', { name: lang === 'en' ? 'Application' : 'Solicitud' })
    await expect(form).toBeVisible({ timeout: firstLoad })
    const comment = form.getByLabel(lang === 'en' ? 'Comment' : 'Comentario')
    await comment.fill('x'.repeat(141))
    const files = form.getByLabel(lang === 'en' ? 'Images (png or jpg)' : 'Imágenes (png o jpg)')
    const png = (name: string) => ({
      name,
      mimeType: 'image/png',
      buffer: Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a0b1c7e70000000049454e44ae426082', 'hex'),
    })
    await files.setInputFiles({ name: 'a.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') })
    await expect(form.getByText(lang === 'en' ? 'Only png or jpg images.' : 'Solo imágenes png o jpg.')).toBeVisible()
    await files.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(6 * 1024 * 1024, 1) })
    await expect(form.getByText(lang === 'en' ? 'Each image must be 5 MB or smaller.' : 'Cada imagen debe pesar 5 MB o menos.')).toBeVisible()
    await files.setInputFiles([png('one.png'), png('two.png')])
    await expect(form.getByRole('img')).toHaveCount(2)
    await form.getByRole('button', { name: lang === 'en' ? 'Send application' : 'Enviar solicitud' }).click()
    await expect(form.getByText(lang === 'en' ? 'At most 140 characters.' : 'Como máximo 140 caracteres.')).toBeVisible()
    await expect(comment).toHaveValue('x'.repeat(141))
    await expect(form.getByRole('img')).toHaveCount(2)
    await comment.fill(lang === 'en' ? 'My first deposit receipt' : 'Mi primer depósito')
    await form.getByRole('button', { name: lang === 'en' ? 'Send application' : 'Enviar solicitud' }).click()
    await expect(page.getByText(lang === 'en' ? 'Applying' : 'Solicitando', { exact: true })).toBeVisible()
    const [{ n }] = await app.db.query<{ n: number }>("SELECT count(*)::int AS n FROM activity_images WHERE member_id = $1 AND promotion_id = 'N-PR-001'", [m.id])
    expect(n).toBe(2)
    await fetch(`${app.url}/sandbox/admin/rewards/applications/${m.id}/N-PR-001/approve`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
    await page.reload()
    await page.getByRole('button', { name: texts[lang].claim, exact: true }).click({ timeout: firstLoad })
    await expect(page.getByText(lang === 'en' ? 'Claimed' : 'Reclamado', { exact: true })).toBeVisible()
    // The promotions page lists each promotion's state for the member.
    await page.goto(`${root}/promotions`)
    const states = page.getByRole('list', { name: lang === 'en' ? 'Your promotion states' : 'Estado de tus promociones' })
    await expect(states.getByRole('listitem').filter({ hasText: lang === 'en' ? 'Claimed' : 'Reclamado' })).toHaveCount(1, { timeout: firstLoad })
    await expect(
      states
        .getByRole('listitem')
        .filter({ hasText: lang === 'en' ? 'Join' : 'Unirse' })
        .first(),
    ).toBeVisible()

    // The rebate: once a day; the second claim is refused.
    await app.admin.setFlag('MANPLAYREB3', true)
    await play(app, m, 5, 20_00)
    await page.goto(`${root}/`)
    await openCentre(page, lang, texts[lang].rebate)
    const region = centre(page, lang).getByRole('region')
    const claim = region.getByRole('button', { name: lang === 'en' ? 'Claim rebate' : 'Reclamar reembolso' })
    await claim.click({ timeout: firstLoad })
    await expect(region.getByRole('status').filter({ hasText: /./ })).toContainText(lang === 'en' ? 'added to your balance' : 'añadido a tu saldo')
    await expect(claim).toBeDisabled()
    const again = await clientFor(app.url, m.token)
      .api('claimRebate', { idempotencyKey: randomUUID().replace(/-/g, '') })
      .then(
        () => 'paid',
        (e: { fields?: Record<string, string> }) => e.fields?.rebate,
      )
    expect(again).toBe('rewards_err_rebate_claimed')
    // Read back: the reward centre lists what was claimed.
    await centre(page, lang)
      .getByRole('navigation')
      .getByRole('button', { name: new RegExp(`^${texts[lang].rewards}`) })
      .click()
    await expect(region.getByText(lang === 'en' ? 'Promotion reward' : 'Premio de promoción').first()).toBeVisible()
    await expect(region.getByText(lang === 'en' ? /^Rebate / : /^Reembolso /)).toBeVisible()
  })
}

test('on a phone the reward pages fit 390 and 320 px without sideways scrolling', async ({ page, app }) => {
  const m = await freshMember(page, app)
  await play(app, m, 10)
  await deposit(app, m.id, 1000_00)
  const fits = async () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)
  for (const width of [390, 320]) {
    await page.setViewportSize({ width, height: 760 })
    await page.goto('/vip')
    await expect(page.getByRole('table')).toBeVisible({ timeout: firstLoad })
    expect(await fits(), `/vip at ${width} px`).toBe(true)
    // Every figure of the ladder is on screen, not cut off at the edge, and still a cell of its rank's row.
    const ladder = page.getByRole('table')
    const rows = ladder.getByRole('row').filter({ has: page.getByRole('rowheader') })
    expect(await rows.count()).toBeGreaterThan(1)
    for (const cell of await ladder.getByRole('cell').all()) {
      const box = (await cell.boundingBox())!
      expect(box.x + box.width, `a VIP ladder figure at ${width} px`).toBeLessThanOrEqual(width)
    }
    // The progress bars say what they measure on screen, not only to a screen reader.
    for (const name of ['Valid bets', 'Deposits']) await expect(page.getByRole('progressbar', { name })).toBeVisible()
    await expect(page.locator('.lk-rewards__hero').getByText('Valid bets', { exact: true })).toBeVisible()
    await page.goto('/pointMall')
    await expect(page.getByRole('tab', { name: 'Rewards' })).toBeVisible({ timeout: firstLoad })
    expect(await fits(), `/pointMall at ${width} px`).toBe(true)
    await page.getByRole('tab', { name: 'Points details' }).click()
    await expect(page.getByRole('tabpanel').getByRole('table')).toBeVisible()
    expect(await fits(), `/pointMall points details at ${width} px`).toBe(true)
    await page.goto('/promoDetail?id=N-PR-001')
    await expect(page.getByRole('form', { name: 'Application' })).toBeVisible({ timeout: firstLoad })
    expect(await fits(), `/promoDetail at ${width} px`).toBe(true)
  }
})
