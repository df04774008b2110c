/**
 * The live chat with customer service: conversations of members (known by their session) and guests
 * (known by a secret key their browser keeps, and a name they typed), messages kept in the database
 * with ids that grow with time, a burst limit, and the operator's side (waiting list, reply).
 * @module
 */
import { createHash, randomBytes } from 'node:crypto'
import { chatLimits, type ChatMessage } from '../../sdk/contract/all.ts'
import type { Db, Queryable } from '../db/index.ts'
import { Fail } from '../http/fail.ts'
import { announce } from './hub.ts'
import { consume, type Limit } from '../auth/ratelimit.ts'

/** Player messages one conversation may send per window (a burst beyond is refused). */
export const CHAT_BURST = { count: 5, windowMs: 10_000 } as const

/**
 * What one address may do to the chat, counted in the database (every process) by the platform's
 * rate limits (sandbox/auth/ratelimit.ts): new guest conversations (a flood of them buried the
 * members in the operator console) and player messages over all its conversations.
 */
export const chatFloodLimits = {
  /** New guest conversations per address: 10 an hour. */
  guestOpenIp: { bucket: 'chat_open_ip', max: 10, windowMs: 60 * 60_000 },
  /** Player messages per address, members and guests together: 60 in 10 minutes. */
  messageIp: { bucket: 'chat_message_ip', max: 60, windowMs: 10 * 60_000 },
} as const satisfies Record<string, Limit>

/**
 * Counts one new guest conversation from `ip`, or refuses with `rate_limited` beyond
 * {@link chatFloodLimits}.guestOpenIp.
 * @throws Fail('rate_limited')
 */
export const countNewGuest = (db: Db, ip: string, now: number): Promise<void> => consume(db, [{ limit: chatFloodLimits.guestOpenIp, key: ip }], now, 'new chats from this address')

/**
 * Counts one player message from `ip`, or refuses with `rate_limited` beyond
 * {@link chatFloodLimits}.messageIp.
 * @throws Fail('rate_limited')
 */
export const countMessage = (db: Db, ip: string, now: number): Promise<void> => consume(db, [{ limit: chatFloodLimits.messageIp, key: ip }], now, 'chat messages from this address')
/** Rank above which a member is a VIP (SPEC §4: the VIP line for rankLevel above 4). */
export const VIP_RANK = 4

/** Who is chatting: a member by id, or a guest by key (and by name when the conversation is new). */
export type Chatter = { memberId: string } | { guestKey?: string; guestName?: string }

/** A conversation as the routes see it. */
export interface Conversation {
  id: number
  name: string
  guestKey?: string
}

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex')

interface MessageRow {
  id: number
  sender: 'player' | 'operator'
  body: string
  client_id: string | null
  created_at: number
}
const toMessage = (r: MessageRow): ChatMessage => ({ id: Number(r.id), from: r.sender, body: r.body, createdAt: Number(r.created_at), clientId: r.client_id })

/**
 * The caller's conversation: a member's is made on first use; a guest's is found by key, or made for
 * a name (with a new key) when no key is given. An unknown key is `not_found` (the guest starts again).
 */
export async function openConversation(db: Db, who: Chatter, now: number, create = true): Promise<Conversation> {
  if ('memberId' in who) {
    const found = await db.query<{ id: number; username: string }>(
      'SELECT c.id, m.username FROM chat_conversations c JOIN members m ON m.id = c.member_id WHERE c.member_id = $1',
      [who.memberId],
    )
    if (found[0]) return { id: Number(found[0].id), name: found[0].username }
    if (!create) throw new Fail('not_found', 'No conversation yet.')
    await db.query('INSERT INTO chat_conversations (member_id, created_at, last_message_at) VALUES ($1, $2, $2) ON CONFLICT (member_id) WHERE member_id IS NOT NULL DO NOTHING', [
      who.memberId,
      now,
    ])
    return openConversation(db, who, now, false)
  }
  if (who.guestKey) {
    const found = await db.query<{ id: number; guest_name: string }>('SELECT id, guest_name FROM chat_conversations WHERE guest_key_hash = $1', [hashKey(who.guestKey)])
    if (!found[0]) throw new Fail('not_found', 'This conversation is no longer available. Please start again.')
    return { id: Number(found[0].id), name: found[0].guest_name, guestKey: who.guestKey }
  }
  if (!create || !who.guestName) throw new Fail('validation_failed', 'Please enter your name.', { fields: { guestName: 'service_err_name' } })
  const guestKey = randomBytes(24).toString('base64url')
  const rows = await db.query<{ id: number }>('INSERT INTO chat_conversations (guest_key_hash, guest_name, created_at, last_message_at) VALUES ($1, $2, $3, $3) RETURNING id', [
    hashKey(guestKey),
    who.guestName,
    now,
  ])
  return { id: Number(rows[0].id), name: who.guestName, guestKey }
}

/** Messages of a conversation after id `after`, oldest first, at most `limit`. */
export async function messagesAfter(q: Queryable, conversationId: number, after: number, limit: number = chatLimits.history): Promise<ChatMessage[]> {
  const rows = await q.query<MessageRow>('SELECT id, sender, body, client_id, created_at FROM chat_messages WHERE conversation_id = $1 AND id > $2 ORDER BY id LIMIT $3', [
    conversationId,
    after,
    limit,
  ])
  return rows.map(toMessage)
}

/** The last `limit` messages of a conversation, oldest first. */
export async function lastMessages(q: Queryable, conversationId: number, limit: number = chatLimits.history): Promise<ChatMessage[]> {
  const rows = await q.query<MessageRow>('SELECT id, sender, body, client_id, created_at FROM chat_messages WHERE conversation_id = $1 ORDER BY id DESC LIMIT $2', [
    conversationId,
    limit,
  ])
  return rows.reverse().map(toMessage)
}

/**
 * Stores a player's message once per client id (a resend answers the stored one), refusing a burst
 * of more than {@link CHAT_BURST} messages, and announces it to every process.
 * @throws Fail('rate_limited')
 */
export async function sendPlayerMessage(db: Db, conversationId: number, body: string, clientId: string, now: number): Promise<ChatMessage> {
  const message = await db.tx(async (q) => {
    // One writer per conversation at a time, so the burst count is exact under parallel sends.
    await q.query('SELECT id FROM chat_conversations WHERE id = $1 FOR UPDATE', [conversationId])
    const same = await q.query<MessageRow>('SELECT id, sender, body, client_id, created_at FROM chat_messages WHERE conversation_id = $1 AND client_id = $2', [
      conversationId,
      clientId,
    ])
    if (same[0]) return { message: toMessage(same[0]), fresh: false }
    const [{ n }] = await q.query<{ n: number }>("SELECT count(*)::int AS n FROM chat_messages WHERE conversation_id = $1 AND sender = 'player' AND created_at > $2", [
      conversationId,
      now - CHAT_BURST.windowMs,
    ])
    if (n >= CHAT_BURST.count) throw new Fail('rate_limited', 'You are sending messages too fast. Please wait a few seconds.')
    const rows = await q.query<MessageRow>(
      "INSERT INTO chat_messages (conversation_id, sender, body, client_id, created_at) VALUES ($1, 'player', $2, $3, $4) RETURNING id, sender, body, client_id, created_at",
      [conversationId, body, clientId, now],
    )
    await q.query('UPDATE chat_conversations SET last_message_at = $2 WHERE id = $1', [conversationId, now])
    return { message: toMessage(rows[0]), fresh: true }
  })
  if (message.fresh) await announce(db, conversationId)
  return message.message
}

/** Stores the operator's answer in a conversation and announces it. */
export async function sendOperatorMessage(db: Db, conversationId: number, body: string, now: number): Promise<ChatMessage> {
  const message = await db.tx(async (q) => {
    const rows = await q.query<MessageRow>(
      "INSERT INTO chat_messages (conversation_id, sender, body, created_at) VALUES ($1, 'operator', $2, $3) RETURNING id, sender, body, client_id, created_at",
      [conversationId, body, now],
    )
    await q.query('UPDATE chat_conversations SET last_message_at = $2, operator_seen_id = $3 WHERE id = $1', [conversationId, now, rows[0].id])
    return toMessage(rows[0])
  })
  await announce(db, conversationId)
  return message
}

/** A conversation as the operator console lists it. */
export interface ConsoleConversation {
  id: number
  name: string
  /** A member's username, or null for a guest. */
  member: string | null
  rankLevel: number
  vip: boolean
  /** Player messages the operator has not answered or seen yet. */
  waiting: number
  lastMessageAt: number
  lastMessage: string
}

/**
 * Every conversation (the first 200): waiting ones first, members before guests in each group (a
 * flood of guests never hides a member), then by latest message.
 */
export async function consoleConversations(db: Db): Promise<ConsoleConversation[]> {
  const rows = await db.query<{
    id: number
    guest_name: string
    username: string | null
    rank_level: number | null
    waiting: number
    last_message_at: number
    last_body: string | null
  }>(
    `SELECT c.id, c.guest_name, m.username, m.rank_level, c.last_message_at,
            (SELECT count(*)::int FROM chat_messages x WHERE x.conversation_id = c.id AND x.sender = 'player' AND x.id > c.operator_seen_id) AS waiting,
            (SELECT body FROM chat_messages x WHERE x.conversation_id = c.id ORDER BY x.id DESC LIMIT 1) AS last_body
       FROM chat_conversations c LEFT JOIN members m ON m.id = c.member_id
      ORDER BY (SELECT count(*) FROM chat_messages x WHERE x.conversation_id = c.id AND x.sender = 'player' AND x.id > c.operator_seen_id) > 0 DESC,
               (c.member_id IS NOT NULL) DESC, c.last_message_at DESC
      LIMIT 200`,
  )
  return rows.map((r) => {
    // The member's rank where the platform keeps it (members.rank_level); none counts as 0.
    const rankLevel = Number(r.rank_level ?? 0)
    return {
      id: Number(r.id),
      name: r.username ?? r.guest_name,
      member: r.username,
      rankLevel,
      vip: r.username !== null && rankLevel > VIP_RANK,
      waiting: Number(r.waiting),
      lastMessageAt: Number(r.last_message_at),
      lastMessage: r.last_body ?? '',
    }
  })
}

/** Marks a conversation seen by the operator up to its last message. */
export async function markSeen(db: Db, conversationId: number): Promise<void> {
  await db.query('UPDATE chat_conversations SET operator_seen_id = coalesce((SELECT max(id) FROM chat_messages WHERE conversation_id = $1), 0) WHERE id = $1', [conversationId])
}
