import { describe, expect, it } from 'vitest'
import { backofficeRoutes } from '../../sdk/contract/all.ts'
import { client } from '../auth/testkit.ts'
import { createMember } from '../auth/accounts.ts'
import { createSession } from '../auth/sessions.ts'
import { sandboxForFile } from '../testkit.ts'
import { codeAt, newOperator, operatorPassword, opsClient, opsKey } from './testkit.ts'

// The sandbox's clock is the test's: the burst window is crossed by moving it, not by waiting.
let clock = Date.now()
const { sb } = sandboxForFile({ now: () => clock, streams: { heartbeatMs: 200 } })
let ips = 0
const fresh = () => opsClient(sb.url, `10.37.0.${++ips}`)

/** An operator of `role`, signed in on a client of its own. */
async function signedIn(role: 'owner' | 'finance' | 'support' | 'content') {
  const op = await newOperator(sb.db, role, clock)
  const ops = fresh()
  const r = await ops.call('opsSignIn', { username: op.username, password: operatorPassword, code: codeAt(op.totpSecret, clock) })
  expect(r.body.success).toBe(true)
  return { op, ops }
}

let members = 0
/** A member with a session who wrote `body` in the chat; answers the conversation's id and the member's token. */
async function memberWrote(body: string): Promise<{ id: number; token: string; username: string }> {
  const username = `cs${process.pid % 1000}m${++members}`
  const row = await createMember(sb.db, { username, type: 0, isAgent: 0, passwordHash: null }, clock)
  const token = await createSession(sb.db, row.id, clock, '127.0.0.1')
  const c = client(sb.url)
  const opened = await c.call('chatOpen', {}, { token, ip: `10.38.0.${members}` })
  const sent = await c.call('chatSend', { clientId: `client${members}abcdef`, body }, { token, ip: `10.38.0.${members}` })
  expect(sent.body.success).toBe(true)
  return { id: (opened.body.value as { conversationId: number }).conversationId, token, username }
}

const auditOf = (target: string) =>
  sb.db.query<{ operator: string; action: string; before: any; after: any }>('SELECT operator, action, before, after FROM operator_audit WHERE target = $1 ORDER BY id', [target])

describe('the customer-service console', () => {
  it('is for support and owner: finance and content are refused, and so is no session', async () => {
    for (const role of ['finance', 'content'] as const) {
      const { ops } = await signedIn(role)
      expect((await ops.call('opsConversations')).status).toBe(403)
      expect((await ops.call('opsServiceReply', { id: 1, body: 'hi', idempotencyKey: opsKey() })).body.code).toBe('forbidden')
      const stream = await fetch(`${sb.url}${backofficeRoutes.opsServiceStream.path}`, { headers: { Cookie: ops.cookie() } })
      expect(stream.status).toBe(403)
    }
    expect((await fresh().call('opsConversations')).status).toBe(401)
    for (const role of ['support', 'owner'] as const) {
      const { ops } = await signedIn(role)
      expect((await ops.call('opsConversations')).status).toBe(200)
    }
  })

  it('lists a waiting conversation with its last message, unread count and waiting time; the answer reaches the player as customer service, audited', async () => {
    const { op, ops } = await signedIn('support')
    const hostile = '<img src=x onerror=alert(1)> where is my deposit?'
    const player = await memberWrote(hostile)
    const waitingSince = clock
    clock += 1000
    const list = (await ops.call('opsConversations')).body.value.conversations
    const mine = list.find((x: { id: number }) => x.id === player.id)
    expect(mine).toMatchObject({ name: player.username, member: true, unread: 1, waitingSince, lastMessage: hostile, lastFrom: 'player' })

    const thread = (await ops.call('opsConversation', { id: player.id })).body.value
    expect(thread.messages).toEqual([expect.objectContaining({ from: 'player', body: hostile, operator: null })])
    // Reading is not seeing: it still waits.
    expect((await ops.call('opsConversation', { id: player.id })).body.value.conversation.unread).toBe(1)

    const answer = 'Hello! <b>We are on it</b> & checking'
    const key = opsKey()
    const sent = await ops.call('opsServiceReply', { id: player.id, body: answer, idempotencyKey: key })
    expect(sent.body.value).toMatchObject({ from: 'operator', body: answer, operator: op.username })
    // The same key again is the same answer, sent once.
    expect((await ops.call('opsServiceReply', { id: player.id, body: answer, idempotencyKey: key })).body.value).toEqual(sent.body.value)

    // The player reads it as customer service's, as plain text exactly as typed (no operator name, no HTML made of it).
    const theirs = await client(sb.url).call('chatMessages', { after: 0 }, { token: player.token })
    const got = theirs.body.value as { from: string; body: string }[]
    expect(got.map((m) => [m.from, m.body])).toEqual([
      ['player', hostile],
      ['operator', answer],
    ])
    expect(JSON.stringify(theirs.body)).not.toContain(op.username)

    const rows = await auditOf(`conversation:${player.id}`)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      operator: op.username,
      action: 'service.reply',
      before: { conversation: player.username, unread: 1, waitingSince },
      after: { conversation: player.username, unread: 0, waitingSince: null, message: { id: sent.body.value.id, body: answer, operator: op.username } },
    })
    const after = (await ops.call('opsConversations')).body.value.conversations.find((x: { id: number }) => x.id === player.id)
    expect(after).toMatchObject({ unread: 0, waitingSince: null, lastFrom: 'operator', lastMessage: answer })
  })

  it('sends no message when its audit row cannot be written: the answer and its audit are one transaction', async () => {
    const { ops } = await signedIn('support')
    const player = await memberWrote('anyone there?')
    const target = `conversation:${player.id}`
    // The database refuses this conversation's audit rows for the length of the test.
    await sb.db.exec(`CREATE OR REPLACE FUNCTION refuse_reply_audit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.target = '${target}' THEN RAISE EXCEPTION 'audit refused'; END IF; RETURN NEW; END $$;
      CREATE TRIGGER refuse_reply_audit BEFORE INSERT ON operator_audit FOR EACH ROW EXECUTE FUNCTION refuse_reply_audit();`)
    try {
      expect((await ops.call('opsServiceReply', { id: player.id, body: 'unaudited?', idempotencyKey: opsKey() })).body.success).toBe(false)
    } finally {
      await sb.db.exec('DROP TRIGGER refuse_reply_audit ON operator_audit; DROP FUNCTION refuse_reply_audit();')
    }
    const [{ n }] = await sb.db.query<{ n: number }>("SELECT count(*)::int AS n FROM chat_messages WHERE conversation_id = $1 AND sender = 'operator'", [player.id])
    expect(n).toBe(0)
  })

  it('limits answers as players are limited: a burst in one conversation is refused until the window passes', async () => {
    const { ops } = await signedIn('owner')
    const player = await memberWrote('help')
    for (let i = 0; i < 5; i++) expect((await ops.call('opsServiceReply', { id: player.id, body: `answer ${i}`, idempotencyKey: opsKey() })).body.success).toBe(true)
    const refused = await ops.call('opsServiceReply', { id: player.id, body: 'one too many', idempotencyKey: opsKey() })
    expect(refused.body.code).toBe('rate_limited')
    clock += 11_000
    expect((await ops.call('opsServiceReply', { id: player.id, body: 'after the window', idempotencyKey: opsKey() })).body.success).toBe(true)
    const bodies = (await sb.db.query<{ body: string }>("SELECT body FROM chat_messages WHERE conversation_id = $1 AND sender = 'operator' ORDER BY id", [player.id])).map(
      (r) => r.body,
    )
    expect(bodies).not.toContain('one too many')
    // Text only, within the chat's own bounds.
    expect((await ops.call('opsServiceReply', { id: player.id, body: '   ', idempotencyKey: opsKey() })).body.code).toBe('validation_failed')
    expect((await ops.call('opsServiceReply', { id: player.id, body: 'x'.repeat(501), idempotencyKey: opsKey() })).body.code).toBe('validation_failed')
    expect((await ops.call('opsServiceReply', { id: 999_999_999, body: 'nobody', idempotencyKey: opsKey() })).body.code).toBe('not_found')
  })

  it('marks seen only up to the message the operator was shown; a later message still waits', async () => {
    const { ops } = await signedIn('support')
    const player = await memberWrote('first')
    const shown = (await ops.call('opsConversation', { id: player.id })).body.value.messages
    await client(sb.url).call('chatSend', { clientId: 'laterclient01', body: 'second' }, { token: player.token, ip: '10.38.1.1' })
    const seen = await ops.call('opsServiceSeen', { id: player.id, upTo: shown[shown.length - 1].id })
    expect(seen.body.value).toEqual({ unread: 1 })
    const more = (await ops.call('opsConversation', { id: player.id, after: shown[shown.length - 1].id })).body.value.messages
    expect(more.map((m: { body: string }) => m.body)).toEqual(['second'])
    expect((await ops.call('opsServiceSeen', { id: player.id, upTo: more[0].id })).body.value).toEqual({ unread: 0 })
  })

  it('streams a change when a player writes, and ends the stream when the session ends', async () => {
    const { ops } = await signedIn('support')
    const player = await memberWrote('before the stream')
    const ctrl = new AbortController()
    const res = await fetch(`${sb.url}${backofficeRoutes.opsServiceStream.path}`, { headers: { Cookie: ops.cookie() }, signal: ctrl.signal })
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/)
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader()
    let text = ''
    const until = async (marker: string) => {
      while (!text.includes(marker)) {
        const { value, done } = await reader.read()
        if (done) break
        text += value
      }
      return text.includes(marker)
    }
    try {
      expect(await until(': open')).toBe(true)
      await client(sb.url).call('chatSend', { clientId: 'streamclient1', body: 'live now' }, { token: player.token, ip: '10.38.2.1' })
      expect(await until(`event: change\ndata: {"conversation":${player.id}}`)).toBe(true)
      await ops.call('opsSignOut')
      expect(await until('event: ended')).toBe(true)
    } finally {
      ctrl.abort()
    }
  })
})
