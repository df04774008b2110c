/**
 * The customer-service console of the back office (support and owner): the chat's conversations with
 * what waits and since when, one conversation's messages, an operator's answer (stored with who sent
 * it, audited in the answer's own transaction, limited as the players' messages are) and the mark
 * that the operators have seen a conversation. The players' chat (sandbox/service/chat.ts) is the
 * same data: an answer is announced on the chat's hub, so the player's live stream carries it.
 * @module
 */
import type { ServiceConversation, ServiceMessage } from '../../sdk/contract/all.ts'
import { chatLimits } from '../../sdk/contract/all.ts'
import type { Db, Queryable } from '../db/index.ts'
import { Fail } from '../http/fail.ts'
import { consume, type Limit } from '../auth/ratelimit.ts'
import { CHAT_BURST, VIP_RANK } from '../service/chat.ts'
import { announce } from '../service/hub.ts'
import { type Actor, audited, replayed } from './actions.ts'

/**
 * What one operator may send, as the players' messages are limited: {@link CHAT_BURST} per
 * conversation and window (counted in the answer's transaction), and over every conversation a
 * budget per operator kept in the database (every process), as a player's address has one.
 */
export const operatorChatLimits = {
  /** Answers per operator, over all conversations: 120 in 10 minutes. */
  reply: { bucket: 'chat_operator_reply', max: 120, windowMs: 10 * 60_000 },
} as const satisfies Record<string, Limit>

interface ConversationRow {
  id: number | string
  guest_name: string
  username: string | null
  rank_level: number | string | null
  last_message_at: number | string
  unread: number | string
  waiting_since: number | string | null
  last_body: string | null
  last_sender: 'player' | 'operator' | null
}

// Waiting: player messages after the last one the operators saw or answered.
const CONVERSATION = `SELECT c.id, c.guest_name, m.username, m.rank_level, c.last_message_at,
    (SELECT count(*)::int FROM chat_messages x WHERE x.conversation_id = c.id AND x.sender = 'player' AND x.id > c.operator_seen_id) AS unread,
    (SELECT min(x.created_at) FROM chat_messages x WHERE x.conversation_id = c.id AND x.sender = 'player' AND x.id > c.operator_seen_id) AS waiting_since,
    (SELECT x.body FROM chat_messages x WHERE x.conversation_id = c.id ORDER BY x.id DESC LIMIT 1) AS last_body,
    (SELECT x.sender FROM chat_messages x WHERE x.conversation_id = c.id ORDER BY x.id DESC LIMIT 1) AS last_sender
  FROM chat_conversations c LEFT JOIN members m ON m.id = c.member_id`

const conversationOf = (r: ConversationRow): ServiceConversation => ({
  id: Number(r.id),
  name: r.username ?? r.guest_name,
  member: r.username !== null,
  vip: r.username !== null && Number(r.rank_level ?? 0) > VIP_RANK,
  unread: Number(r.unread),
  waitingSince: r.waiting_since === null ? null : Number(r.waiting_since),
  lastMessage: r.last_body ?? '',
  lastFrom: r.last_sender,
  lastMessageAt: Number(r.last_message_at),
})

/**
 * The conversations (the first 200): those waiting first, the longest waiting first, members before
 * guests (a flood of guests never hides a member); then the others by latest message.
 */
export async function serviceConversations(q: Queryable): Promise<ServiceConversation[]> {
  const rows = await q.query<ConversationRow>(
    `SELECT * FROM (${CONVERSATION}) s
     ORDER BY (s.unread > 0) DESC, (s.username IS NOT NULL) DESC, s.waiting_since ASC NULLS LAST, s.last_message_at DESC, s.id DESC
     LIMIT 200`,
  )
  return rows.map(conversationOf)
}

/** One conversation as the list shows it. @throws Fail('not_found') */
async function conversationById(q: Queryable, id: number): Promise<ServiceConversation> {
  const [row] = await q.query<ConversationRow>(`${CONVERSATION} WHERE c.id = $1`, [id])
  if (!row) throw new Fail('not_found', 'No such conversation.')
  return conversationOf(row)
}

interface MessageRow {
  id: number | string
  sender: 'player' | 'operator'
  body: string
  created_at: number | string
  operator: string | null
}
const MESSAGE = `SELECT x.id, x.sender, x.body, x.created_at, o.username AS operator FROM chat_messages x LEFT JOIN operators o ON o.id = x.operator_id`
const messageOf = (r: MessageRow): ServiceMessage => ({ id: Number(r.id), from: r.sender, body: r.body, createdAt: Number(r.created_at), operator: r.operator })

/**
 * A conversation and its messages after id `after`, oldest first (with `after` 0, its last ones).
 * Reading does not mark it seen: the operator does ({@link markConversationSeen}).
 * @throws Fail('not_found')
 */
export async function serviceThread(q: Queryable, id: number, after: number): Promise<{ conversation: ServiceConversation; messages: ServiceMessage[] }> {
  const conversation = await conversationById(q, id)
  const rows =
    after > 0
      ? await q.query<MessageRow>(`${MESSAGE} WHERE x.conversation_id = $1 AND x.id > $2 ORDER BY x.id LIMIT $3`, [id, after, chatLimits.history])
      : (await q.query<MessageRow>(`${MESSAGE} WHERE x.conversation_id = $1 ORDER BY x.id DESC LIMIT $2`, [id, chatLimits.history])).reverse()
  return { conversation, messages: rows.map(messageOf) }
}

/** What a reply's audit row records before and after: the conversation, what waited, and the answer. */
interface ReplyAudit {
  conversation: string
  unread: number
  waitingSince: number | null
  message?: ServiceMessage
}

/**
 * Answers in conversation `id` as the actor: the message keeps the operator (the player reads it as
 * customer service's), everything before it counts as answered, and its audit row
 * (`service.reply`, target `conversation:<id>`, what waited before, the answer after) is written in
 * the same transaction. The same key answers the first call; beyond {@link CHAT_BURST} answers in the
 * conversation per window, or the operator's budget ({@link operatorChatLimits}), it is `rate_limited`.
 * The body is plain text, stored as written.
 * @throws Fail('not_found' | 'rate_limited' | 'conflict')
 */
export async function replyAsOperator(db: Db, actor: Actor, id: number, body: string): Promise<ServiceMessage> {
  const action = 'service.reply'
  const target = `conversation:${id}`
  const earlier = await replayed<ReplyAudit>(db, actor, action, target)
  if (earlier?.message) return earlier.message
  await conversationById(db, id)
  await consume(db, [{ limit: operatorChatLimits.reply, key: actor.operator.id }], actor.now, 'answers from this operator')
  const after = await audited<ReplyAudit>(db, actor, action, target, async (q) => {
    // One writer per conversation at a time, so the burst count is exact under parallel answers.
    await q.query('SELECT id FROM chat_conversations WHERE id = $1 FOR UPDATE', [id])
    const [{ n }] = await q.query<{ n: number }>("SELECT count(*)::int AS n FROM chat_messages WHERE conversation_id = $1 AND sender = 'operator' AND created_at > $2", [
      id,
      actor.now - CHAT_BURST.windowMs,
    ])
    if (n >= CHAT_BURST.count) throw new Fail('rate_limited', 'Answers are being sent too fast in this conversation. Please wait a few seconds.')
    const was = await conversationById(q, id)
    const [row] = await q.query<{ id: number | string }>(
      "INSERT INTO chat_messages (conversation_id, sender, body, created_at, operator_id) VALUES ($1, 'operator', $2, $3, $4) RETURNING id",
      [id, body, actor.now, actor.operator.id],
    )
    await q.query('UPDATE chat_conversations SET last_message_at = $2, operator_seen_id = GREATEST(operator_seen_id, $3) WHERE id = $1', [id, actor.now, row.id])
    const message: ServiceMessage = { id: Number(row.id), from: 'operator', body, createdAt: actor.now, operator: actor.operator.username }
    return {
      before: { conversation: was.name, unread: was.unread, waitingSince: was.waitingSince } satisfies ReplyAudit,
      after: { conversation: was.name, unread: 0, waitingSince: null, message },
    }
  })
  await announce(db, id)
  if (!after.message) throw new Error('reply recorded without its message')
  return after.message
}

/**
 * Marks conversation `id` seen by the operators up to message `upTo` (never back, never past its last
 * message): what came after still waits. Answers what waits now.
 * @throws Fail('not_found')
 */
export async function markConversationSeen(db: Db, id: number, upTo: number): Promise<{ unread: number }> {
  const rows = await db.query(
    `UPDATE chat_conversations SET operator_seen_id = GREATEST(operator_seen_id, LEAST($2::bigint, coalesce((SELECT max(id) FROM chat_messages WHERE conversation_id = $1), 0)))
     WHERE id = $1 RETURNING id`,
    [id, upTo],
  )
  if (rows.length === 0) throw new Fail('not_found', 'No such conversation.')
  await announce(db, id)
  return { unread: (await conversationById(db, id)).unread }
}
