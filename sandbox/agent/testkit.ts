/**
 * Test support for the agent room: the members, settled rounds and accepted contracts the agent tests
 * build their cases from, and calls by endpoint key. Test support only: {@link onUtcDays} registers a
 * Vitest hook.
 * @module
 */
import { beforeAll } from 'vitest'
import { endpoints, type ContractTerms, type EndpointKey } from '../../sdk/contract/all.ts'
import { createMember } from '../auth/accounts.ts'
import { createSession } from '../auth/sessions.ts'
import type { Db, Queryable } from '../db/index.ts'
import { brand } from '../seed/config.ts'
import { putSetting } from '../settings.ts'
import type { Sandbox } from '../testing.ts'
import { actOnContract, offerContract } from './contracts.ts'

export const DAY = 86_400_000
export const HOUR = 3_600_000

/** A reply as the agent tests read it (`value` typed by the caller). */
export interface Reply<T = any> {
  status: number
  body: { success: boolean; code: string; message: string; value: T; fields?: Record<string, string> }
}

/** A member made for one case, with a session of its own. */
export interface TestMember {
  id: string
  username: string
  token: string
}

/**
 * Runs the file's cases on UTC days (the brand's zone set to UTC before them); the platform zone's own
 * days are tested in sandbox/agent/zone.test.ts.
 */
export function onUtcDays(sb: Sandbox): void {
  beforeAll(async () => {
    await putSetting(sb.db, 'brand', { ...brand, timeZone: 'UTC' })
  })
}

/** Contract terms paying nothing and asking nothing, with `over` on top. */
export const terms = (over: Partial<ContractTerms>): ContractTerms => ({
  kind: 'daily_salary',
  period: 'daily',
  rateBp: 0,
  winRateBp: 0,
  lossRateBp: 0,
  minActive: 0,
  minValidBet: 0,
  minLoss: 0,
  ...over,
})

/** A settled round of `stake` paying `payout` at `at`, on game `nodeId` (by default the catalogue's first). */
export async function settledRound(q: Queryable, memberId: string, stake: number, payout: number, at: number, nodeId?: string): Promise<void> {
  const node_id = nodeId ?? (await q.query<{ node_id: string }>('SELECT node_id FROM games ORDER BY node_id LIMIT 1'))[0].node_id
  await q.query(`INSERT INTO rounds (id, member_id, node_id, idempotency_key, stake, payout, outcome, status, created_at) VALUES ($1, $2, $3, $1, $4, $5, '', 'settled', $6)`, [
    `r_${crypto.randomUUID()}`,
    memberId,
    node_id,
    stake,
    payout,
    at,
  ])
}

/** Offers `t` to `downlineId` and has it accepted, both at `at`; returns the contract's id. */
export async function acceptedContract(db: Db, uplineId: string, downlineId: string, t: ContractTerms, at: number): Promise<string> {
  const { contract } = await offerContract(db, uplineId, { ...t, downlineId, confirmLower: false }, at)
  await actOnContract(db, downlineId, contract!.id, 'accept', at)
  return contract!.id
}

/** The fixtures of one test file's sandbox. */
export function agentKit(sb: Sandbox) {
  let n = 0
  const idOf = async (username: string) => (await sb.db.query<{ id: string }>('SELECT id FROM members WHERE username = $1', [username]))[0].id

  return {
    idOf,
    /** A session of the seeded member `username`. */
    signIn: async (username: string) => createSession(sb.db, await idOf(username), Date.now(), '127.0.0.1'),
    /** A new member (an agent when `isAgent` is 1) below `uplineId`, signed in. */
    async newMember(uplineId: string, isAgent = 0): Promise<TestMember> {
      const username = `ak${Date.now() % 100000}${n++}`
      const row = await createMember(sb.db, { username, isAgent, type: isAgent ? 1 : 0, uplineId, passwordHash: null }, Date.now())
      return { id: row.id, username, token: await createSession(sb.db, row.id, Date.now(), '127.0.0.1') }
    },
    round: (memberId: string, stake: number, payout: number, at: number) => settledRound(sb.db, memberId, stake, payout, at),
    contract: (uplineId: string, downlineId: string, t: ContractTerms, at: number) => acceptedContract(sb.db, uplineId, downlineId, t, at),
    /** Calls an endpoint by key with plain JSON (or a query string for GET), as `token` when given. */
    async call<T = any>(k: EndpointKey, input: Record<string, unknown>, token?: string): Promise<Reply<T>> {
      const ep = endpoints[k]
      const qs = ep.method === 'GET' ? `?${new URLSearchParams(Object.entries(input).map(([a, b]) => [a, String(b)]))}` : ''
      const res = await fetch(`${sb.url}${ep.path}${qs}`, {
        method: ep.method,
        headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: ep.method === 'GET' ? undefined : JSON.stringify(input),
      })
      return { status: res.status, body: (await res.json()) as Reply<T>['body'] }
    },
    /** Posts `body` to the agent room's dev admin route `/sandbox/admin/agent/<path>` (pay run, ceilings). */
    async admin<T = any>(path: string, body: unknown): Promise<{ success: boolean; code: string; value: T }> {
      const res = await fetch(`${sb.url}/sandbox/admin/agent/${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
      return (await res.json()) as { success: boolean; code: string; value: T }
    },
  }
}
