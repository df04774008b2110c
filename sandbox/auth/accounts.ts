import type { Language } from '../../sdk/contract/index.ts'
import type { Queryable } from '../db/index.ts'
import { openAccount, memberAccount } from '../ledger.ts'
import { findById, type MemberRow } from './members.ts'

/**
 * Creating member accounts (registration, free play, third-party sign-in): the members row and its
 * ledger account, in the caller's transaction.
 * @module
 */

/** Fields of a new member; absent ones are stored empty. */
export interface NewMember {
  username: string
  passwordHash: string | null
  type?: number
  isAgent?: number
  uplineId?: string | null
  nickname?: string
  mobileNum?: string
  countryDialingCode?: string
  email?: string
  payeeName?: string
  profile?: Record<string, unknown>
  passwordTemporary?: boolean
  /** The language the member signed up in: their welcome message is written in it (default English). */
  language?: Language
}

/** The message every new account finds in its inbox, in each language the site offers. */
const welcome: Record<Language, { title: string; body: string }> = {
  en: { title: 'Welcome to Lobbykit', body: 'Your account is ready. Visit the member centre to manage your wallet, records and security settings.' },
  es: { title: 'Bienvenido a Lobbykit', body: 'Tu cuenta está lista. Visita el centro de miembros para gestionar tu billetera, tus registros y tu seguridad.' },
  cn: { title: '欢迎来到 Lobbykit', body: '您的账户已就绪。前往会员中心管理您的钱包、记录和安全设置。' },
  vi: { title: 'Chào mừng đến với Lobbykit', body: 'Tài khoản của bạn đã sẵn sàng. Vào trung tâm thành viên để quản lý ví, lịch sử và cài đặt bảo mật.' },
}

/**
 * Inserts a member and opens its main ledger account.
 * @param now epoch milliseconds
 * @throws the database's unique violation when the username is taken (callers map it)
 */
export async function createMember(q: Queryable, m: NewMember, now: number): Promise<MemberRow> {
  // The id comes from the members sequence, like the seeded accounts'.
  const inserted = await q.query<{ id: string }>(
    `INSERT INTO members (username, password_hash, password_changed_at, password_temporary, type, is_agent, upline_id,
       nickname, mobile_num, country_dialing_code, email, payee_name, rank_level, profile, created_at, known_ips)
     VALUES ($1, $2, to_timestamp($3::float8 / 1000), $4, $5, $6, $7, $8, $9, $10, $11, $12, 0, $13::jsonb,
       to_timestamp($3::float8 / 1000), '[]'::jsonb)
     RETURNING id`,
    [
      m.username,
      m.passwordHash,
      now,
      m.passwordTemporary ?? false,
      m.type ?? 0,
      m.isAgent ?? 0,
      m.uplineId ?? null,
      m.nickname || m.username,
      m.mobileNum ?? '',
      m.countryDialingCode ?? '',
      m.email ?? '',
      m.payeeName ?? '',
      JSON.stringify(m.profile ?? {}),
    ],
  )
  const id = inserted[0].id
  await openAccount(q, memberAccount(id))
  const message = welcome[m.language ?? 'en'] ?? welcome.en
  await q.query('INSERT INTO member_messages (member_id, title, body, created_at) VALUES ($1, $2, $3, $4)', [id, message.title, message.body, now])
  const row = await findById(q, id)
  if (!row) throw new Error('member vanished after insert')
  return row
}

/** Whether an error is a unique-constraint violation (PostgreSQL and PGlite both report 23505). */
export const isUniqueViolation = (e: unknown): boolean => typeof e === 'object' && e !== null && (e as { code?: unknown }).code === '23505'
