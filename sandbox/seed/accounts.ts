/**
 * Demo accounts: a member with money, an agent with downlines, and a member still on the default
 * weak password. Money comes from `house:cash` through the ledger, so all balances still sum to 0.
 * @module
 */
import type { Db } from '../db/index.ts'
import { creditMember, openAccount, openHouseAccounts, memberAccount } from '../ledger.ts'
import { hashPassword, verifyPassword, type ScryptCost } from '../auth/password.ts'

/** One seeded account. */
export interface DemoAccount {
  username: string
  password: string
  type: number
  isAgent: number
  /** Username of the upline, when a downline. */
  upline?: string
  nickname: string
  mobileNum: string
  countryDialingCode: string
  email: string
  payeeName: string
  rankLevel: number
  /** Opening balance of the main wallet, minor units. */
  balance: number
  /** What `npm start` prints about it. */
  shows: string
}

const acct = (a: Partial<DemoAccount> & Pick<DemoAccount, 'username' | 'password' | 'balance'>): DemoAccount => ({
  type: 0,
  isAgent: 0,
  nickname: a.username,
  mobileNum: '',
  countryDialingCode: '',
  email: '',
  payeeName: '',
  rankLevel: 1,
  shows: '',
  ...a,
})

/** The demo accounts, in creation order (uplines first). */
export const demoAccounts: readonly DemoAccount[] = [
  acct({
    username: 'demo01',
    password: 'demo1234',
    balance: 500_000,
    nickname: 'Demo Player',
    // Ten digits, as the Philippine (+63) number field asks: the login form's SMS tab takes it as typed.
    mobileNum: '9123456789',
    countryDialingCode: '+63',
    email: 'demo01@example.com',
    payeeName: 'Juan Dela Cruz',
    rankLevel: 5,
    shows: 'member with a balance, favourites, recent games and history (VIP line)',
  }),
  acct({
    username: 'agent01',
    password: 'agent1234',
    balance: 1_250_000,
    type: 1,
    isAgent: 1,
    nickname: 'Agent One',
    mobileNum: '9175550101',
    countryDialingCode: '+63',
    email: 'agent01@example.com',
    payeeName: 'Maria Santos',
    rankLevel: 3,
    shows: 'agent with downlines',
  }),
  acct({
    username: 'agent02',
    password: 'agent1234',
    balance: 300_000,
    type: 1,
    isAgent: 1,
    upline: 'agent01',
    nickname: 'Agent Two',
    email: 'agent02@example.com',
    rankLevel: 2,
    shows: 'sub-agent of agent01',
  }),
  acct({ username: 'member11', password: 'member1234', balance: 75_000, upline: 'agent01', nickname: 'Lucky Eleven', rankLevel: 2 }),
  acct({ username: 'member12', password: 'member1234', balance: 12_050, upline: 'agent01', nickname: 'Twelve', rankLevel: 1 }),
  acct({ username: 'member13', password: 'member1234', balance: 0, upline: 'agent01', nickname: 'Thirteen', rankLevel: 1 }),
  acct({ username: 'member21', password: 'member1234', balance: 40_000, upline: 'agent02', nickname: 'Downline of Two', rankLevel: 1 }),
  acct({
    username: 'weak01',
    password: '123456',
    balance: 100_000,
    nickname: 'Weak Password',
    email: 'weak01@example.com',
    rankLevel: 1,
    shows: 'default weak password: the forced change-password popup',
  }),
]

/**
 * Opens the house accounts and creates the demo accounts with their opening balances (idempotent:
 * existing usernames are kept); `demo` false opens only the house accounts.
 * They have played before (history, favourites), so none of them meets the first-login change.
 */
export async function seedAccounts(db: Db, cost?: ScryptCost, demo = true): Promise<void> {
  await openHouseAccounts(db)
  if (!demo) return
  const ids = new Map<string, string>()
  for (const a of demoAccounts) {
    const uplineId = a.upline ? (ids.get(a.upline) ?? null) : null
    const inserted = await db.query<{ id: string }>(
      `INSERT INTO members (username, password_hash, password_changed_at, type, is_agent, upline_id, nickname, mobile_num,
         country_dialing_code, email, payee_name, rank_level, last_login_at)
       VALUES ($1, $2, now(), $3, $4, $5, $6, $7, $8, $9, $10, $11, now() - interval '1 day')
       ON CONFLICT ((lower(username))) DO NOTHING RETURNING id`,
      [a.username, await hashPassword(a.password, cost), a.type, a.isAgent, uplineId, a.nickname, a.mobileNum, a.countryDialingCode, a.email, a.payeeName, a.rankLevel],
    )
    const id = inserted[0]?.id ?? (await db.query<{ id: string }>('SELECT id FROM members WHERE lower(username) = lower($1)', [a.username]))[0].id
    ids.set(a.username, id)
    await openAccount(db, memberAccount(id))
    if (a.balance > 0) await creditMember(db, id, a.balance, { idempotencyKey: `seed:opening:${a.username}`, kind: 'seed', memo: 'Opening balance' })
  }
}

/** Usernames of the demo accounts that still log in with their published password. */
export async function demoPasswordsInUse(db: Db): Promise<string[]> {
  const names = demoAccounts.map((a) => a.username.toLowerCase())
  const rows = await db.query<{ username: string; password_hash: string | null }>('SELECT username, password_hash FROM members WHERE lower(username) = ANY($1::text[])', [names])
  const found: string[] = []
  for (const r of rows) {
    const a = demoAccounts.find((x) => x.username.toLowerCase() === r.username.toLowerCase())
    if (a && r.password_hash && (await verifyPassword(a.password, r.password_hash))) found.push(r.username)
  }
  return found
}
