/**
 * The console's live changes as Server-Sent Events, on the chat's own hub (sandbox/service/hub.ts):
 * `event: change` with `data: {"conversation": id}` whenever a conversation gets a message or is marked
 * seen (in any process), and `data: {"conversation": 0}` when anything may have changed (a wake-up
 * missed while the database's listening connection was down, found by the heartbeat's re-read). The
 * console re-reads what it shows on each: a change carries no message, so one missed is made up by
 * the next, and a stream opened again starts with a re-read. The stream lives only as long as the
 * operator's session and role allow: checked at every heartbeat without moving the session's idle
 * expiry on, it ends with `event: ended`. Open streams are capped per operator.
 * @module
 */
import type { Context } from 'hono'
import { mayDo, type OperatorRole } from '../../sdk/contract/all.ts'
import type { Db } from '../db/index.ts'
import type { Deps } from '../http/context.ts'
import { Fail, failResponse } from '../http/fail.ts'
import { reportError } from '../http/report.ts'
import { chatHub } from '../service/hub.ts'
import { operatorOfCookie } from './sessions.ts'

/** Console streams one operator may hold open at once (tabs, devices). */
export const STREAMS_PER_OPERATOR = 4

const open = new WeakMap<Deps, Map<string, number>>()
const utf8 = new TextEncoder()

/** Whether the session `tokenHash` is still live and its operator's role still opens the console (the idle expiry untouched). */
async function stillAllowed(db: Db, tokenHash: string, now: number): Promise<boolean> {
  const [row] = await db.query<{ role: OperatorRole }>(
    `SELECT o.role FROM operator_sessions s JOIN operators o ON o.id = s.operator_id
     WHERE s.token_hash = $1 AND s.ended_at IS NULL AND s.idle_expires_at > $2 AND s.absolute_expires_at > $2 AND NOT o.disabled`,
    [tokenHash, now],
  )
  return Boolean(row && mayDo(row.role, 'service'))
}

const lastMessageId = async (db: Db): Promise<number> => Number((await db.query<{ id: string | number | null }>('SELECT max(id) AS id FROM chat_messages'))[0]?.id ?? 0)

/** `GET /ops/api/service/stream`: support and owner. */
export async function serviceStream(c: Context, deps: Deps): Promise<Response> {
  try {
    const operator = await operatorOfCookie(c, deps.db, deps.now())
    if (!operator) throw new Fail('unauthorized', 'Sign in to the back office.')
    if (!mayDo(operator.role, 'service')) throw new Fail('forbidden', `The ${operator.role} role may not do this.`)
    let counts = open.get(deps)
    if (!counts) open.set(deps, (counts = new Map()))
    const held = counts.get(operator.id) ?? 0
    if (held >= STREAMS_PER_OPERATOR) throw new Fail('too_many_streams', 'The console is already open in too many windows. Close one and try again.')
    counts.set(operator.id, held + 1)
    let released = false
    const leave = () => {
      if (released) return
      released = true
      const n = (counts.get(operator.id) ?? 1) - 1
      if (n <= 0) counts.delete(operator.id)
      else counts.set(operator.id, n)
    }
    const { heartbeatMs } = deps.streams.options
    let stop = () => {}
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        let closed = false
        let seenId = await lastMessageId(deps.db).catch(() => 0)
        const send = (text: string) => {
          if (!closed) controller.enqueue(utf8.encode(text))
        }
        const change = (conversation: number) => send(`event: change\ndata: ${JSON.stringify({ conversation })}\n\n`)
        let unsubscribe = () => {}
        const beat = setInterval(() => {
          void (async () => {
            try {
              if (!(await stillAllowed(deps.db, operator.tokenHash, deps.now()))) {
                send('event: ended\ndata: {}\n\n')
                return stop()
              }
              send(': ping\n\n')
              // A message the hub did not announce here (its connection was down): re-read everything.
              const latest = await lastMessageId(deps.db)
              if (latest > seenId) {
                seenId = latest
                change(0)
              }
            } catch (err) {
              if (!closed) console.error('[sandbox] console stream check failed:', err)
            }
          })()
        }, heartbeatMs)
        stop = () => {
          if (closed) return
          closed = true
          clearInterval(beat)
          unsubscribe()
          leave()
          try {
            controller.close()
          } catch {}
        }
        const signal = c.req.raw.signal
        signal.addEventListener('abort', () => stop(), { once: true })
        if (signal.aborted) return stop()
        try {
          unsubscribe = await chatHub(deps.db).subscribe('*', (conversation) => {
            void lastMessageId(deps.db)
              .then((id) => {
                seenId = Math.max(seenId, id)
              })
              .catch(() => {})
            change(conversation ?? 0)
          })
        } catch (err) {
          stop()
          throw err
        }
        if (closed) unsubscribe()
        send('retry: 1000\n: open\n\n')
      },
      cancel() {
        stop()
      },
    })
    return new Response(body, { headers: { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', 'X-Accel-Buffering': 'no' } })
  } catch (err) {
    if (err instanceof Fail) return failResponse(c, err)
    reportError(c, 'GET /ops/api/service/stream', err)
    return failResponse(c, new Fail('server_error'))
  }
}
