/**
 * The registration centre of the agent centre (SPEC §2 registerCenter): accounts an agent creates
 * directly below itself, and the invitation codes (with their `/register?affiliateCode=…` links and
 * QR codes) that put a player who registers with them below the agent.
 * @module
 */
import { randomInt } from 'node:crypto'
import type { Invitation } from '../../sdk/contract/all.ts'
import type { Queryable } from '../db/index.ts'
import { Fail } from '../http/fail.ts'
import type { Ctx } from '../http/context.ts'
import type { Member } from '../auth/members.ts'
import { createMember, isUniqueViolation } from '../auth/accounts.ts'
import { findByUsername } from '../auth/members.ts'
import { checkRule, invalidFields, passwordRuleErrors, registerRulesByField, type FieldErrors } from '../auth/register.ts'
import { qrPath } from '../qr.ts'
import { consume, type Limit } from '../auth/ratelimit.ts'

/** Most invitation codes one agent may hold (disabled ones included). */
export const MAX_INVITATIONS = 50

/** Accounts one agent may create: 10 a minute (each is a production-cost password hash). */
export const downlineCreateLimit: Limit = { bucket: 'downline_create', max: 10, windowMs: 60_000 }

/**
 * Creates a member or an agent whose upline is the caller. The username and password follow the
 * registration rules; the account must change this password at its first login, since its upline chose it.
 * @throws Fail('validation_failed' | 'username_taken')
 */
export async function createDownline(ctx: Ctx, agent: Member, input: { kind: 'member' | 'agent'; username: string; password: string; confirmPassword: string; nickname?: string }) {
  const rules = await registerRulesByField(ctx.db)
  // The request's schema checked the fixed rules (sdk/contract/account-fields.ts); the settings' rules are checked here.
  const username = input.username.trim()
  const errors: FieldErrors = passwordRuleErrors(input.password, rules.password, 'password')
  const broken = checkRule(rules.username, username)
  if (broken) errors.username = broken
  if (Object.keys(errors).length) throw invalidFields(errors)
  if (await findByUsername(ctx.db, username)) throw new Fail('username_taken', 'This username is taken', { fields: { username: 'err_username_taken' } })

  const isAgent = input.kind === 'agent'
  // Each account an agent creates costs a 128 MiB scrypt hash: counted per agent before hashing,
  // and the hash charged to the agent, so one agent cannot starve everyone's logins.
  await consume(ctx.db, [{ limit: downlineCreateLimit, key: agent.id }], ctx.now(), 'accounts created')
  const passwordHash = await ctx.hasher.hash(input.password, `agent:${agent.id}`)
  try {
    const row = await ctx.db.tx((q) =>
      createMember(
        q,
        {
          username,
          passwordHash,
          passwordTemporary: true,
          // The agent's language: the downline most likely shares it (the player can switch later).
          language: ctx.language,
          type: isAgent ? 1 : 0,
          isAgent: isAgent ? 1 : 0,
          uplineId: agent.id,
          nickname: input.nickname?.trim() || username,
          // An agent gets its own invitation code at once, as the seeded agents do.
          profile: { registerMethod: 'AGENT', createdBy: agent.id, ...(isAgent ? { invitationCode: `INV${username.toUpperCase()}` } : {}) },
        },
        ctx.now(),
      ),
    )
    return { id: row.id, username: row.username, isAgent }
  } catch (e) {
    if (isUniqueViolation(e)) throw new Fail('username_taken', 'This username is taken', { fields: { username: 'err_username_taken' } })
    throw e
  }
}

/** A new code: a digit first, so it never equals an account's own code (`INV…`, `AG01INVITE`). */
function newCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
  let code = String(randomInt(2, 10))
  while (code.length < 10) code += alphabet[randomInt(0, alphabet.length)]
  return code
}

const linkOf = (origin: string, code: string) => `${origin}/register?affiliateCode=${encodeURIComponent(code)}`

function invitation(origin: string, r: { code: string; standing: boolean; disabled: boolean; registered: number; created_at: Date | string | number; label: string }): Invitation {
  const link = linkOf(origin, r.code)
  return {
    code: r.code,
    link,
    qr: qrPath(link),
    standing: r.standing,
    disabled: r.disabled,
    registered: Number(r.registered),
    createdAt: new Date(typeof r.created_at === 'string' && /^\d+$/.test(r.created_at) ? Number(r.created_at) : r.created_at).toISOString(),
    label: (r.label ?? '').slice(0, 40),
  }
}

/** The agent's own code first (when it has one), then the codes it created, newest first. */
export async function listInvitations(q: Queryable, agentId: string, origin: string): Promise<{ list: Invitation[] }> {
  const rows = await q.query<{ code: string; standing: boolean; disabled: boolean; registered: number; created_at: Date | string | number; label: string }>(
    `SELECT code, standing, disabled, created_at, label,
       (SELECT count(*) FROM members r WHERE r.profile->>'affiliateCode' = upper(x.code) AND r.upline_id = $1)::int AS registered
     FROM (
       SELECT profile->>'invitationCode' AS code, true AS standing, false AS disabled, created_at, '' AS label, 0 AS o FROM members
       WHERE id = $1 AND coalesce(profile->>'invitationCode', '') <> ''
       UNION ALL
       SELECT code, false, disabled_at IS NOT NULL, to_timestamp(created_at / 1000.0), label, 1 FROM agent_invitations WHERE agent_id = $1
     ) x ORDER BY o, created_at DESC, code`,
    [agentId],
  )
  return { list: rows.map((r) => invitation(origin, r)) }
}

/**
 * Creates an invitation code for the agent.
 * @throws Fail('conflict') past {@link MAX_INVITATIONS}
 */
export async function createInvitation(q: Queryable, agentId: string, origin: string, now: number) {
  const [{ n }] = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM agent_invitations WHERE agent_id = $1', [agentId])
  if (Number(n) >= MAX_INVITATIONS) throw new Fail('conflict', `At most ${MAX_INVITATIONS} invitation codes.`, { fields: { code: 'agent_err_invite_limit' } })
  await q.query('INSERT INTO agent_invitations (code, agent_id, created_at) VALUES ($1, $2, $3)', [newCode(), agentId, now])
  return listInvitations(q, agentId, origin)
}

/**
 * Disables one of the agent's created codes; registering with it is refused from then on.
 * @throws Fail('not_found') for a code that is not the agent's (or the account's own code, which stays)
 */
export async function disableInvitation(q: Queryable, agentId: string, code: string, origin: string, now: number) {
  const rows = await q.query('UPDATE agent_invitations SET disabled_at = coalesce(disabled_at, $3) WHERE code = upper($1) AND agent_id = $2 RETURNING code', [
    code.trim(),
    agentId,
    now,
  ])
  if (rows.length === 0) throw new Fail('not_found', 'No such invitation code.')
  return listInvitations(q, agentId, origin)
}

/**
 * Enables a disabled code of the agent's again: registering with it puts the player
 * below the agent from then on.
 * @throws Fail('not_found') for a code that is not one the agent created
 */
export async function enableInvitation(q: Queryable, agentId: string, code: string, origin: string) {
  const rows = await q.query('UPDATE agent_invitations SET disabled_at = NULL WHERE code = upper($1) AND agent_id = $2 RETURNING code', [code.trim(), agentId])
  if (rows.length === 0) throw new Fail('not_found', 'No such invitation code.')
  return listInvitations(q, agentId, origin)
}

/**
 * Names one of the agent's created codes ("Facebook group", "Flyer March"); an empty
 * label clears it.
 * @throws Fail('not_found') for a code that is not one the agent created
 */
export async function labelInvitation(q: Queryable, agentId: string, code: string, label: string, origin: string) {
  const rows = await q.query('UPDATE agent_invitations SET label = $3 WHERE code = upper($1) AND agent_id = $2 RETURNING code', [code.trim(), agentId, label.trim().slice(0, 40)])
  if (rows.length === 0) throw new Fail('not_found', 'No such invitation code.')
  return listInvitations(q, agentId, origin)
}
