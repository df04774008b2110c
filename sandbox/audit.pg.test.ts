import { describe, expect, it } from 'vitest'
import { postgresDbForFile } from './race-testkit.ts'
import { creditMember, memberAccount, openHouseAccounts } from './ledger.ts'
import { createMember } from './auth/accounts.ts'
import { cliWith } from './audit-testkit.ts'

const pg = postgresDbForFile(openHouseAccounts)

describe('the ledger audit on PostgreSQL', () => {
  it('runs as `npm run audit:ledger` with DATABASE_URL: exit 0 when consistent, 1 naming a planted balance', async () => {
    const m = await createMember(pg.db, { username: 'auditpg', isAgent: 0, type: 0, uplineId: null, passwordHash: null }, Date.now())
    await creditMember(pg.db, m.id, 25_00, { idempotencyKey: 'audit:pg', from: 'house:promo', kind: 'bonus' })
    const good = await cliWith({ DATABASE_URL: pg.url })
    expect(good.code).toBe(0)
    expect(good.stdout).toMatch(/house:promo +bonus +25\.00/)
    await pg.db.query('UPDATE ledger_accounts SET balance = balance + 5 WHERE id = $1', [memberAccount(m.id)])
    const bad = await cliWith({ DATABASE_URL: pg.url })
    expect(bad.code).toBe(1)
    expect(bad.stdout).toContain(`${memberAccount(m.id)}: balance 25.05, entries 25.00 (off by 0.05)`)
  })
})
