/**
 * `lk-promotions`'s first paint (see first-paint.ts): the announcements (the promotions among them)
 * and the platform status (the pictures' CDNs), loaded before it renders, on the server and in the
 * browser alike.
 * @module
 */
import { $announcements } from '../../sdk/shell/index.ts'
import { $status, imageUrl, loadStatus } from '../../sdk/stores/index.ts'
import { tick, type Loaded } from './first-paint.ts'

/** Asks for the promotions and the status, and resolves once both are in (or after `deadlineMs`). */
export async function loadPromotions(deadlineMs = 4000): Promise<Loaded> {
  if (!$status.get().data) void loadStatus()
  // The store asks while something listens (the element's component listens from its first render).
  const stop = $announcements.listen(() => {})
  const settled = () => {
    const state = $announcements.get()
    const status = $status.get()
    return !state.loading && Boolean(state.data || state.error) && Boolean(status.data || status.error)
  }
  const deadline = Date.now() + deadlineMs
  while (!settled() && Date.now() < deadline) await tick()
  return Object.assign(stop, { settled: settled() })
}

/** The promotions' pictures (path → address on the CDN picked for it), as the cards show them. */
export function promotionPictures(): Record<string, string> {
  const pictures: Record<string, string> = {}
  for (const promo of $announcements.get().data?.promotion ?? []) if (promo.image) pictures[promo.image] = imageUrl(promo.image)
  return pictures
}
