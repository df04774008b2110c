import type { Queryable } from '../db/index.ts'

/**
 * Auth part of the demo data, run by the seed after the accounts exist: every agent gets an
 * invitation (affiliate) code in `profile.invitationCode`; `agent01`'s is `AG01INVITE`.
 * Every account without messages gets a welcome message, so the unread badges have something to show.
 * Idempotent: codes and messages already there are kept.
 * @module
 */

/** Fixed invitation codes of demo agents; other agents get `INV` + their upper-cased username. */
export const INVITATION_CODES: Readonly<Record<string, string>> = { agent01: 'AG01INVITE' }

/** Gives every agent without one an invitation code. */
export async function seedAuth(db: Queryable): Promise<void> {
  const agents = await db.query<{ id: string; username: string }>(
    `SELECT id, username FROM members WHERE is_agent IN (1, 2, 41, 42) AND coalesce(profile->>'invitationCode', '') = '' ORDER BY username`,
  )
  for (const a of agents) {
    const code = INVITATION_CODES[a.username.toLowerCase()] ?? `INV${a.username.toUpperCase()}`.slice(0, 64)
    await db.query(`UPDATE members SET profile = coalesce(profile, '{}'::jsonb) || jsonb_build_object('invitationCode', $2::text) WHERE id = $1`, [a.id, code])
  }
  await db.query(
    `INSERT INTO member_messages (member_id, title, body, created_at)
     SELECT m.id, 'Welcome to Lobbykit', 'Your account is ready. Visit the member centre to manage your wallet, records and security settings.',
            (extract(epoch from m.created_at) * 1000)::bigint
       FROM members m WHERE NOT EXISTS (SELECT 1 FROM member_messages x WHERE x.member_id = m.id)`,
  )
}
