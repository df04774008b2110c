/**
 * The operator console at `/sandbox/cs` (dev route, off in production): waiting conversations (VIP
 * members marked), the conversation with its reply box, feedback with its answer box, and platform
 * messages to one member or to all. Everything the players wrote is put on the page as text
 * (`textContent`), never as HTML. Its JSON calls take `application/json` only (no cross-site form
 * can reach them), as the other admin routes do.
 * @module
 */
import { randomBytes } from 'node:crypto'
import type { Context, Hono } from 'hono'
import * as v from 'valibot'
import { chatLimits } from '../../sdk/contract/all.ts'
import { adminBody } from '../http/admin.ts'
import type { Deps } from '../http/context.ts'
import { Fail, failResponse } from '../http/fail.ts'
import { consoleConversations, lastMessages, markSeen, messagesAfter, sendOperatorMessage } from './chat.ts'
import { answerFeedback, consoleFeedback } from './feedback.ts'
import { sendPlatformMessage } from './messages.ts'

const Reply = v.strictObject({
  body: v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be blank'), v.maxLength(chatLimits.maxLength, `must be at most ${chatLimits.maxLength} characters`)),
})
const Answer = v.strictObject({ answer: v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be blank'), v.maxLength(2000, 'must be at most 2000 characters')) })
const PlatformMessage = v.strictObject({
  to: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(64))),
  all: v.optional(v.boolean()),
  title: v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be blank'), v.maxLength(200)),
  body: v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be blank'), v.maxLength(20_000)),
})

const isJson = (c: Context): boolean => /^application\/json\s*(;|$)/i.test(c.req.header('content-type') ?? '')
const ok = (c: Context, value: unknown) => c.json({ success: true, code: 'ok', message: '', value })

async function body<S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  if (!isJson(c)) throw Object.assign(new Fail('validation_failed', 'Send the request as application/json.'), { status: 415 })
  return adminBody(c, schema)
}

const wrap = (fn: (c: Context) => Promise<Response>) => async (c: Context) => {
  try {
    return await fn(c)
  } catch (err) {
    if (err instanceof Fail) return failResponse(c, err, (err as Fail & { status?: number }).status)
    console.error('[sandbox] console route failed:', err)
    return failResponse(c, new Fail('server_error'))
  }
}

const idParam = (c: Context): number => {
  const id = Number(c.req.param('id'))
  if (!Number.isSafeInteger(id) || id < 1) throw new Fail('not_found')
  return id
}

/** Registers the console page and its calls, and `POST /sandbox/admin/messages`. */
export function registerConsoleRoutes(app: Hono, deps: Deps): void {
  app.get('/sandbox/cs', (c) => {
    const nonce = randomBytes(16).toString('base64')
    return c.html(consolePage(nonce), 200, {
      'Cache-Control': 'no-store',
      'Content-Security-Policy': `default-src 'self'; img-src 'self' data:; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}'; frame-ancestors 'none'`,
    })
  })
  app.get(
    '/sandbox/cs/conversations',
    wrap(async (c) => ok(c, await consoleConversations(deps.db))),
  )
  app.get(
    '/sandbox/cs/conversations/:id/messages',
    wrap(async (c) => {
      const id = idParam(c)
      const after = Number(c.req.query('after') ?? '0')
      const messages = after > 0 ? await messagesAfter(deps.db, id, after) : await lastMessages(deps.db, id)
      await markSeen(deps.db, id)
      return ok(c, messages)
    }),
  )
  app.post(
    '/sandbox/cs/conversations/:id/reply',
    wrap(async (c) => {
      const id = idParam(c)
      const { body: text } = await body(c, Reply)
      const exists = await deps.db.query('SELECT 1 FROM chat_conversations WHERE id = $1', [id])
      if (exists.length === 0) throw new Fail('not_found', 'No such conversation.')
      return ok(c, await sendOperatorMessage(deps.db, id, text, deps.now()))
    }),
  )
  app.get(
    '/sandbox/cs/feedback',
    wrap(async (c) => ok(c, await consoleFeedback(deps.db))),
  )
  app.post(
    '/sandbox/cs/feedback/:id/answer',
    wrap(async (c) => {
      const id = idParam(c)
      const { answer } = await body(c, Answer)
      await answerFeedback(deps.db, id, answer, deps.now())
      return ok(c, {})
    }),
  )
  // Sends a platform message (messageV2) to one member or to every member: { to: username } or { all: true }.
  app.post(
    '/sandbox/admin/messages',
    wrap(async (c) => {
      const m = await body(c, PlatformMessage)
      if (!m.to === !m.all) throw new Fail('validation_failed', 'Name one member ("to": username) or send to all ("all": true).')
      const sent = await sendPlatformMessage(deps.db, m.to ? { username: m.to } : { all: true }, m.title, m.body, deps.now())
      return ok(c, { sent })
    }),
  )
}

function consolePage(nonce: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Customer service console</title>
<style nonce="${nonce}">
body{font:15px/1.4 system-ui,sans-serif;margin:0;color:#1d2330;background:#f4f6f8}
header{background:#128547;color:#fff;padding:10px 16px}header h1{margin:0;font-size:18px}
main{display:grid;grid-template-columns:minmax(220px,300px) 1fr;gap:12px;padding:12px}
section{background:#fff;border-radius:8px;padding:12px;min-width:0}
ul{list-style:none;margin:0;padding:0}
#conversations button{display:block;width:100%;text-align:left;border:1px solid #d6dbe1;background:#fff;border-radius:6px;padding:8px;margin:0 0 6px;cursor:pointer;font:inherit}
#conversations button[aria-current=true]{border-color:#128547;box-shadow:0 0 0 2px #12854733}
.vip{background:#c99a06;color:#fff;border-radius:4px;padding:0 6px;font-size:12px;margin-left:6px}
.waiting{background:#c0392b;color:#fff;border-radius:10px;padding:0 7px;font-size:12px;margin-left:6px}
.snippet{color:#5b6472;font-size:13px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;display:block}
#messages{height:50vh;overflow:auto;border:1px solid #e3e7ec;border-radius:6px;padding:8px;margin-bottom:8px}
#messages li{margin:4px 0;padding:6px 10px;border-radius:8px;max-width:80%;white-space:pre-wrap;overflow-wrap:anywhere}
#messages li.player{background:#eef1f4}#messages li.operator{background:#dff3e8;margin-left:auto}
textarea,input,select{font:inherit;width:100%;box-sizing:border-box;padding:6px;border:1px solid #c5ccd4;border-radius:6px}
button.primary{background:#128547;color:#fff;border:0;border-radius:6px;padding:8px 14px;font:inherit;cursor:pointer;margin-top:6px}
.error{color:#b00020}.feedback{border-top:1px solid #e3e7ec;padding:8px 0}.feedback img{max-width:96px;max-height:96px;margin:4px;border:1px solid #ccc}
@media (max-width:700px){main{grid-template-columns:1fr}}
</style></head><body>
<header><h1>Customer service console</h1></header>
<main>
<section aria-labelledby="conv-title"><h2 id="conv-title">Conversations</h2><ul id="conversations" aria-live="polite"></ul><p id="no-conversations">No conversations yet.</p></section>
<section aria-labelledby="chat-title"><h2 id="chat-title">Conversation</h2><p id="chat-with">Choose a conversation.</p>
<ul id="messages" aria-live="polite" aria-label="Messages"></ul>
<form id="reply-form"><label for="reply">Reply</label><textarea id="reply" rows="3" maxlength="${chatLimits.maxLength}" disabled></textarea>
<p class="error" id="reply-error" role="alert"></p><button class="primary" type="submit" id="send" disabled>Send reply</button></form>
</section>
<section aria-labelledby="fb-title"><h2 id="fb-title">Feedback</h2><div id="feedback"></div></section>
<section aria-labelledby="pm-title"><h2 id="pm-title">Platform message</h2>
<form id="pm-form"><label for="pm-to">Member (username; empty sends to all)</label><input id="pm-to">
<label for="pm-title-in">Title</label><input id="pm-title-in" maxlength="200">
<label for="pm-body">Message (HTML)</label><textarea id="pm-body" rows="3"></textarea>
<p id="pm-result" role="status"></p><button class="primary" type="submit">Send message</button></form></section>
</main>
<script nonce="${nonce}">
(() => {
  const $ = (id) => document.getElementById(id)
  const el = (tag, cls, text) => { const n = document.createElement(tag); if (cls) n.className = cls; if (text !== undefined) n.textContent = text; return n }
  const call = async (path, body) => {
    const res = await fetch(path, body === undefined ? {} : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
    const json = await res.json()
    if (!json.success) throw new Error(json.message || json.code)
    return json.value
  }
  let current = null, last = 0
  async function refreshList() {
    const list = await call('/sandbox/cs/conversations')
    const ul = $('conversations'); ul.replaceChildren()
    $('no-conversations').hidden = list.length > 0
    for (const c of list) {
      const b = el('button'); b.type = 'button'; b.dataset.id = String(c.id)
      b.setAttribute('aria-current', String(c.id === current))
      b.append(el('strong', '', c.name))
      b.append(el('span', '', c.member ? ' (member)' : ' (guest)'))
      if (c.vip) b.append(el('span', 'vip', 'VIP ' + c.rankLevel))
      if (c.waiting > 0 && c.id !== current) b.append(el('span', 'waiting', String(c.waiting)))
      b.append(el('span', 'snippet', c.lastMessage))
      b.addEventListener('click', () => open(c))
      const li = el('li'); li.append(b); ul.append(li)
    }
  }
  function open(c) {
    current = c.id; last = 0
    $('chat-with').textContent = 'With ' + c.name + (c.vip ? ' (VIP)' : '')
    $('messages').replaceChildren(); $('reply').disabled = false; $('send').disabled = false
    void refreshMessages().then(refreshList)
  }
  async function refreshMessages() {
    if (current === null) return
    const id = current
    const msgs = await call('/sandbox/cs/conversations/' + id + '/messages?after=' + last)
    if (id !== current) return
    for (const m of msgs) {
      if (m.id <= last) continue
      const li = el('li', m.from, m.body); li.dataset.id = String(m.id); $('messages').append(li); last = m.id
    }
    if (msgs.length) $('messages').scrollTop = $('messages').scrollHeight
  }
  $('reply-form').addEventListener('submit', async (e) => {
    e.preventDefault()
    const text = $('reply').value
    $('reply-error').textContent = ''
    if (!text.trim()) { $('reply-error').textContent = 'Write a reply first.'; return }
    try { await call('/sandbox/cs/conversations/' + current + '/reply', { body: text }); $('reply').value = ''; await refreshMessages() }
    catch (err) { $('reply-error').textContent = String(err.message) }
  })
  async function refreshFeedback() {
    const items = await call('/sandbox/cs/feedback')
    const box = $('feedback')
    // Keep an answer being typed: rebuild only when the list changed.
    const sig = JSON.stringify(items.map((f) => [f.id, f.answer]))
    if (box.dataset.sig === sig) return
    box.dataset.sig = sig; box.replaceChildren()
    if (!items.length) box.append(el('p', '', 'No feedback yet.'))
    for (const f of items) {
      const d = el('article', 'feedback'); d.setAttribute('aria-label', 'Feedback ' + f.id)
      d.append(el('strong', '', f.questionType + ' · ' + (f.member || 'guest')))
      d.append(el('p', '', f.content))
      for (const src of f.images) { const img = el('img'); img.src = src; img.alt = 'Feedback image'; d.append(img) }
      if (f.answer) d.append(el('p', '', 'Answer: ' + f.answer))
      else {
        const form = el('form'); const id = 'answer-' + f.id
        const label = el('label', '', 'Answer to feedback ' + f.id); label.htmlFor = id
        const ta = el('textarea'); ta.id = id; ta.rows = 2
        const err = el('p', 'error'); err.setAttribute('role', 'alert')
        const b = el('button', 'primary', 'Send answer'); b.type = 'submit'
        form.append(label, ta, err, b)
        form.addEventListener('submit', async (e) => {
          e.preventDefault()
          try { await call('/sandbox/cs/feedback/' + f.id + '/answer', { answer: ta.value }); await refreshFeedback() }
          catch (x) { err.textContent = String(x.message) }
        })
        d.append(form)
      }
      box.append(d)
    }
  }
  $('pm-form').addEventListener('submit', async (e) => {
    e.preventDefault()
    const to = $('pm-to').value.trim()
    try {
      const r = await call('/sandbox/admin/messages', { ...(to ? { to } : { all: true }), title: $('pm-title-in').value, body: $('pm-body').value })
      $('pm-result').textContent = 'Sent to ' + r.sent + (r.sent === 1 ? ' member.' : ' members.')
    } catch (x) { $('pm-result').textContent = String(x.message) }
  })
  const tick = async () => {
    try { await refreshMessages(); await refreshList(); await refreshFeedback() } catch (err) { console.error(err) }
    setTimeout(tick, 1000)
  }
  void tick()
})()
</script></body></html>`
}
