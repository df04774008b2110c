import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { sandboxForFile } from './testkit.ts'
import { auditLedger, formatAudit } from './audit.ts'
import { openDb } from './db/index.ts'
import { creditMember, memberAccount, openHouseAccounts, postTransaction } from './ledger.ts'
import { createMember } from './auth/accounts.ts'
import { cli } from './audit-testkit.ts'

const { sb } = sandboxForFile()

describe('the ledger audit', () => {
  it('finds the seeded ledger consistent, and reports what each house account paid out per kind and day', async () => {
    const member = await createMember(sb.db, { username: `au${Date.now() % 100000}`, isAgent: 0, type: 0, uplineId: null, passwordHash: null }, Date.now())
    await creditMember(sb.db, member.id, 123_45, { idempotencyKey: `audit:bonus:${member.id}`, from: 'house:promo', kind: 'audit_bonus', memo: 'audit test' })
    const report = await auditLedger(sb.db)
    expect(report).toMatchObject({ ok: true, total: 0, mismatches: [], unbalanced: [], negativeMembers: [] })
    expect(report.accounts).toBeGreaterThan(5)
    const today = new Date().toISOString().slice(0, 10)
    expect(report.house).toContainEqual({ day: today, account: 'house:promo', kind: 'audit_bonus', paidOut: 123_45, received: 0, transactions: 1 })
    expect(formatAudit(report)).toMatch(/^Ledger audit: OK/)
  })

  it('reports a planted balance, an unbalanced transaction and a member below zero, each by name', async () => {
    const db = sb.db
    const m = await createMember(db, { username: `ab${Date.now() % 100000}`, isAgent: 0, type: 0, uplineId: null, passwordHash: null }, Date.now())
    const account = memberAccount(m.id)
    await creditMember(db, m.id, 50_00, { idempotencyKey: `audit:seed:${m.id}` })
    // 1. Money from nowhere: a balance raised without an entry.
    await db.query('UPDATE ledger_accounts SET balance = balance + 999 WHERE id = $1', [account])
    // 2. A transaction with one leg (its entry also moves the account off its balance).
    await db.query(`INSERT INTO ledger_transactions (id, idempotency_key, kind, fingerprint) VALUES ('tx_planted', 'audit:planted', 'bonus', '[]')`)
    await db.query(`INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after) VALUES ('tx_planted', 'house:games', 700, 0)`)
    // 3. A member below zero, its entries consistent with it.
    const m2 = await createMember(db, { username: `ac${Date.now() % 100000}`, isAgent: 0, type: 0, uplineId: null, passwordHash: null }, Date.now())
    await db.query(`INSERT INTO ledger_accounts (id, owner) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING`, [memberAccount(m2.id), m2.id])
    await db.query('UPDATE ledger_accounts SET allow_negative = true WHERE id = $1', [memberAccount(m2.id)])
    await postTransaction(db, {
      idempotencyKey: `audit:overdraft:${m2.id}`,
      kind: 'game_round',
      legs: [
        { account: memberAccount(m2.id), amount: -300 },
        { account: 'house:games', amount: 300 },
      ],
    })
    try {
      const report = await auditLedger(db)
      expect(report.ok).toBe(false)
      expect(report.mismatches).toEqual(expect.arrayContaining([{ account, balance: 50_00 + 999, entries: 50_00 }, expect.objectContaining({ account: 'house:games' })]))
      expect(report.unbalanced).toEqual([{ transactionId: 'tx_planted', kind: 'bonus', legs: 1, sum: 700 }])
      expect(report.negativeMembers).toEqual([{ account: memberAccount(m2.id), balance: -300 }])
      const text = formatAudit(report)
      expect(text).toMatch(/^Ledger audit: INCONSISTENT/)
      expect(text).toContain(`${account}: balance 59.99, entries 50.00 (off by 9.99)`)
      expect(text).toContain('tx_planted (bonus): 1 leg(s) summing to 7.00')
      expect(text).toContain(`${memberAccount(m2.id)}: -3.00`)
    } finally {
      // Everything planted is taken back, the overdraft repaid: the file's other tests audit this ledger.
      await db.query('UPDATE ledger_accounts SET balance = balance - 999 WHERE id = $1', [account])
      await db.query(`DELETE FROM ledger_entries WHERE transaction_id = 'tx_planted'`)
      await db.query(`DELETE FROM ledger_transactions WHERE id = 'tx_planted'`)
      await postTransaction(db, {
        idempotencyKey: `audit:repaid:${m2.id}`,
        kind: 'game_round',
        legs: [
          { account: memberAccount(m2.id), amount: 300 },
          { account: 'house:games', amount: -300 },
        ],
      })
    }
  })

  it('runs as `npm run audit:ledger` on a PGlite directory: exit 0 when consistent, 1 with the finding when not, 2 when there is no database', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'lk-audit-'))
    try {
      const db = await openDb({ dataDir: dir })
      await openHouseAccounts(db)
      const m = await createMember(db, { username: 'audited', isAgent: 0, type: 0, uplineId: null, passwordHash: null }, Date.now())
      await creditMember(db, m.id, 10_00, { idempotencyKey: 'audit:cli' })
      await db.close()
      const good = await cli(dir)
      expect([good.code, good.stdout.split('\n')[0]]).toEqual([0, expect.stringMatching(/^Ledger audit: OK/)])
      expect(good.stdout).toMatch(/house:cash +credit +10\.00/)

      const again = await openDb({ dataDir: dir })
      await again.query('UPDATE ledger_accounts SET balance = balance + 1 WHERE id = $1', [memberAccount(m.id)])
      await again.close()
      const bad = await cli(dir, '--json')
      expect(bad.code).toBe(1)
      expect(JSON.parse(bad.stdout)).toMatchObject({ ok: false, mismatches: [{ account: memberAccount(m.id), balance: 10_01, entries: 10_00 }] })
      expect((await cli(join(dir, 'missing'))).code).toBe(2)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
