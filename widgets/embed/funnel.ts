/**
 * What an element tells the brand for the affiliate's funnel: an impression when it first
 * shows, a click when a game is picked, with its affiliate code and the partner's `sub-id`. Sent to
 * the brand only (never a third party), as a simple request; the platform counts each once per
 * visitor and day. Nothing is sent without an affiliate code, and a failure is ignored: the funnel
 * never gets in the player's way.
 * @module
 */
import { roomApi } from '../../sdk/runtime/index.ts'
import { embedFunnel } from '../../sdk/contract/routes/core/embed.ts'

const api = roomApi({ embedFunnel })

/** Reports `kind` for `affiliateCode` (and `subId`) about `item` (the element's tag, or the game picked). */
export function reportFunnel(kind: 'impression' | 'click', affiliateCode: string, subId: string | undefined, item: string): void {
  if (!/^[A-Za-z0-9]{4,64}$/.test(affiliateCode)) return
  api('embedFunnel', { kind, affiliateCode, item: item.slice(0, 64), ...(subId ? { subId } : {}) }).catch(() => undefined)
}
