/**
 * The embed handoff's browser binding on both of its pages (brand origin only). The frame that asks
 * for a code keeps the verifier and hands it to the tab it opened ({@link deliverVerifier}); the
 * handoff page in that tab waits for it ({@link awaitVerifier}). A handoff link opened anywhere else
 * (an attacker's code sent to a victim) never gets a verifier, so it signs no one in.
 * @module
 */
import { type HandoffMessage, isHandoffMessage } from './protocol.ts'

/** How long the frame keeps offering the verifier: the code's own life. */
const OFFER_MS = 60_000
/** How long the handoff page waits for it. */
export const AWAIT_VERIFIER_MS = 15_000

/**
 * Offers the verifier to `tab` (posted to this origin only, so nothing reaches a tab that went
 * elsewhere) until the handoff page there says it has it, the tab closes, or the code's minute ends.
 * @returns a stop function (also called by itself when done)
 */
export function deliverVerifier(tab: Window, offer: { code: string; verifier: string; username: string }): () => void {
  const origin = window.location.origin
  const message: HandoffMessage = { lobbykit: 1, type: 'handoff', ...offer }
  const started = Date.now()
  let timer: ReturnType<typeof setInterval> | undefined
  const stop = () => {
    clearInterval(timer)
    window.removeEventListener('message', onAck)
  }
  function onAck(event: MessageEvent) {
    if (event.origin !== origin || event.source !== tab || !isHandoffMessage(event.data)) return
    if (event.data.type === 'handoff-received' && event.data.code === offer.code) stop()
  }
  window.addEventListener('message', onAck)
  const send = () => {
    if (tab.closed || Date.now() - started > OFFER_MS) return stop()
    try {
      tab.postMessage(message, origin)
    } catch {
      // The tab is still on its blank start page: the next round reaches it.
    }
  }
  timer = setInterval(send, 200)
  send()
  return stop
}

/**
 * Waits for the verifier of `code` from a window of this origin (the frame that asked for it) and
 * acknowledges it to that window only.
 * @returns the verifier and whose code it is, or null when none came in time
 */
export function awaitVerifier(code: string, ms = AWAIT_VERIFIER_MS): Promise<{ verifier: string; username: string } | null> {
  return new Promise((resolve) => {
    const origin = window.location.origin
    const done = (value: { verifier: string; username: string } | null) => {
      clearTimeout(timer)
      window.removeEventListener('message', onMessage)
      resolve(value)
    }
    function onMessage(event: MessageEvent) {
      if (event.origin !== origin || !isHandoffMessage(event.data) || event.data.type !== 'handoff' || event.data.code !== code) return
      const ack: HandoffMessage = { lobbykit: 1, type: 'handoff-received', code }
      ;(event.source as Window | null)?.postMessage(ack, origin)
      done({ verifier: event.data.verifier, username: event.data.username })
    }
    const timer = setTimeout(() => done(null), ms)
    window.addEventListener('message', onMessage)
  })
}
