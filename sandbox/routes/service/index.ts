import type { Context, Hono } from 'hono'
import * as v from 'valibot'
import { ChatMessagesQuery, endpoints, feedbackImageLimits } from '../../../sdk/contract/all.ts'
import { queryObject, readBytes } from '../../http/body.ts'
import { contextOf, memberOf, type Ctx, type Deps } from '../../http/context.ts'
import { Fail, failResponse, invalid } from '../../http/fail.ts'
import { handle, type RouteModule } from '../../http/handle.ts'
import { countMessage, countNewGuest, lastMessages, messagesAfter, openConversation, sendPlayerMessage, type Chatter } from '../../service/chat.ts'
import { feedbackImagePath, imageByKey, imageTypeOf, memberFeedback, recentUploads, storeImage } from '../../service/feedback.ts'
import { chatHub } from '../../service/hub.ts'
import { deleteMessage, listMessages, readMessages } from '../../service/messages.ts'
import { registerSpeedRoutes } from '../../service/speed.ts'

/**
 * Customer service's routes: platform messages, the live chat (with its event stream),
 * feedback images and the member's feedback list, and the speed test's probes.
 * @module
 */

/** Who calls a chat route: the member of the session, else the guest of the key (or name). */
const chatterOf = (ctx: Ctx, guest: { guestKey?: string; guestName?: string }): Chatter => (ctx.member ? { memberId: ctx.member.id } : guest)

function registerMessageRoutes(app: Hono, deps: Deps): void {
  handle(app, deps, 'messageList', async (input, ctx) => listMessages(ctx.db, memberOf(ctx).id, input.page, input.pageSize))
  handle(app, deps, 'messageRead', async (input, ctx) => readMessages(ctx.db, memberOf(ctx).id, input.ids, input.all, ctx.now()))
  handle(app, deps, 'messageDelete', async (input, ctx) => deleteMessage(ctx.db, memberOf(ctx).id, input.id))
}

function registerChatRoutes(app: Hono, deps: Deps): void {
  handle(app, deps, 'chatOpen', async (input, ctx) => {
    // Only a new guest conversation is counted: a member has one, a guest with a key resumes theirs.
    if (!ctx.member && !input.guestKey && input.guestName) await countNewGuest(ctx.db, ctx.ip, ctx.now())
    const conv = await openConversation(ctx.db, chatterOf(ctx, input), ctx.now())
    return { conversationId: conv.id, ...(conv.guestKey ? { guestKey: conv.guestKey } : {}), name: conv.name, messages: await lastMessages(ctx.db, conv.id) }
  })
  handle(app, deps, 'chatSend', async (input, ctx) => {
    // A guest must have opened the conversation first (by name): sending never creates one.
    const conv = await openConversation(ctx.db, chatterOf(ctx, { guestKey: input.guestKey }), ctx.now(), Boolean(ctx.member))
    await countMessage(ctx.db, ctx.ip, ctx.now())
    return sendPlayerMessage(ctx.db, conv.id, input.body, input.clientId, ctx.now())
  })
  handle(app, deps, 'chatMessages', async (input, ctx) => {
    const conv = await openConversation(ctx.db, chatterOf(ctx, { guestKey: input.guestKey }), ctx.now(), false)
    return messagesAfter(ctx.db, conv.id, input.after)
  })
  app.get(endpoints.chatStream.path, (c) => chatStream(c, deps))
}

const utf8 = new TextEncoder()

/**
 * The chat's live messages as Server-Sent Events, from the id after `after` (or `Last-Event-ID`):
 * the stream re-reads the database after its last sent id whenever the hub announces the
 * conversation (any process), so it sends every message once, in id order. Open streams are capped
 * per conversation, member and address (`too_many_streams` beyond: sandbox/service/streams.ts); a
 * comment line every `heartbeatMs` keeps proxies from closing it and re-reads; a stream that sent no
 * message for `idleMs` (by the sandbox's clock) ends with an `idle` event, which tells the client
 * not to reconnect until the player acts.
 */
async function chatStream(c: Context, deps: Deps): Promise<Response> {
  try {
    const ctx = await contextOf(c, deps, 'optional', 'chatStream')
    const parsed = v.safeParse(ChatMessagesQuery, queryObject(new URL(c.req.url).searchParams))
    if (!parsed.success) throw invalid(parsed.issues)
    const conv = await openConversation(ctx.db, chatterOf(ctx, { guestKey: parsed.output.guestKey }), ctx.now(), false)
    const lastEventId = Number(c.req.header('last-event-id'))
    let last = Math.max(parsed.output.after, Number.isSafeInteger(lastEventId) && lastEventId > 0 ? lastEventId : 0)
    const { heartbeatMs, idleMs } = deps.streams.options
    // A place among the open streams, taken before anything is held for it (refused beyond the caps).
    const leave = deps.streams.open({ conversationId: conv.id, memberId: ctx.member?.id ?? null, ip: ctx.ip })
    const hub = chatHub(deps.db)
    let stop = () => {}
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        let closed = false
        let running = false
        let again = false
        let activeAt = deps.now()
        const send = (text: string) => {
          if (!closed) controller.enqueue(utf8.encode(text))
        }
        const flush = async () => {
          if (running) {
            again = true
            return
          }
          running = true
          try {
            do {
              again = false
              const rows = await messagesAfter(deps.db, conv.id, last, 100)
              for (const m of rows) {
                send(`id: ${m.id}\nevent: message\ndata: ${JSON.stringify(m)}\n\n`)
                last = m.id
                activeAt = deps.now()
              }
              if (rows.length === 100) again = true
            } while (again && !closed)
          } catch (err) {
            if (!closed) console.error('[sandbox] chat stream read failed:', err)
          } finally {
            running = false
          }
        }
        let unsubscribe = () => {}
        const beat = setInterval(() => {
          if (deps.now() - activeAt >= idleMs) {
            send('event: idle\ndata: {}\n\n')
            return stop()
          }
          send(': ping\n\n')
          void flush()
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
        // Gone before the stream started: its place is given back at once.
        if (signal.aborted) return stop()
        try {
          unsubscribe = await hub.subscribe(conv.id, () => void flush())
        } catch (err) {
          stop()
          throw err
        }
        if (closed) unsubscribe()
        // How long a browser's EventSource waits before it reconnects.
        send('retry: 1000\n: open\n\n')
        await flush()
      },
      cancel() {
        stop()
      },
    })
    return new Response(body, { headers: { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', 'X-Accel-Buffering': 'no' } })
  } catch (err) {
    if (err instanceof Fail) return failResponse(c, err)
    console.error('[sandbox] chat stream failed:', err)
    return failResponse(c, new Fail('server_error'))
  }
}

/** Images one member (or guest address) may upload without sending them, per window. */
export const IMAGE_BURST = { count: 30, windowMs: 10 * 60 * 1000 } as const

const tooLarge = () => new Fail('validation_failed', 'The image is larger than 5 MB.', { fields: { image: 'service_err_image_size' } })

function registerFeedbackImageRoutes(app: Hono, deps: Deps): void {
  // A raw image of up to 5 MB: above the JSON body limit of `handle`, so read here.
  app.post(endpoints.feedbackImage.path, async (c) => {
    try {
      const ctx = await contextOf(c, deps, 'optional', 'feedbackImage')
      if (Number(c.req.header('content-length') ?? '0') > feedbackImageLimits.maxBytes) throw tooLarge()
      const bytes = await readBytes(c.req.raw, feedbackImageLimits.maxBytes)
      if (!bytes) throw tooLarge()
      const type = imageTypeOf(bytes)
      if (!type) throw new Fail('validation_failed', 'The image must be a png or jpg.', { fields: { image: 'service_err_image_type' } })
      // Images not (yet) sent with a feedback, per member or guest address and window: a burst is refused.
      if ((await recentUploads(ctx.db, ctx.member?.id ?? null, ctx.ip, ctx.now() - IMAGE_BURST.windowMs)) >= IMAGE_BURST.count) {
        throw new Fail('rate_limited', 'Too many images. Please try again later.')
      }
      const value = await storeImage(ctx.db, ctx.member?.id ?? null, ctx.ip, bytes, type, ctx.now())
      return c.json({ success: true, code: 'ok', message: '', value })
    } catch (err) {
      if (err instanceof Fail) return failResponse(c, err, err.fields?.image === 'service_err_image_size' ? 413 : undefined)
      console.error('[sandbox] feedback image upload failed:', err)
      return failResponse(c, new Fail('server_error'))
    }
  })
  app.get(`${feedbackImagePath}:key`, async (c) => {
    const key = c.req.param('key')
    const image = /^[A-Za-z0-9_-]{32}$/.test(key) ? await imageByKey(deps.db, key) : null
    if (!image) return failResponse(c, new Fail('not_found'))
    return c.body(new Uint8Array(image.bytes), 200, { 'Content-Type': image.type, 'Cache-Control': 'private, max-age=3600', 'Content-Security-Policy': "default-src 'none'" })
  })
  handle(app, deps, 'feedbackList', async (_input, ctx) => memberFeedback(ctx.db, memberOf(ctx).id))
}

/** The service routes: platform messages, chat, feedback images and list, speed-test probes. */
export const serviceRoutes: readonly RouteModule[] = [registerMessageRoutes, registerChatRoutes, registerFeedbackImageRoutes, registerSpeedRoutes]
