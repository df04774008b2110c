import { computed } from 'nanostores'
import type { CustomerService } from '../contract/index.ts'
import { $customerService, $member } from '../stores/index.ts'
import { warn } from '../ui/index.ts'

/** Length of the key at the end of a type-3 (encrypted) customer-service path. */
export const csKeyLength = 8

const base64Bytes = (text: string): Uint8Array => {
  const binary = atob(text)
  return Uint8Array.from(binary, (c) => c.charCodeAt(0))
}

/**
 * A customer-service address on this site itself: a root-relative path (`/helpmc#chat`, the chat room
 * the sandbox seeds), never a protocol-relative `//host` one. The popup opens it on the page's origin.
 */
const sitePath = /^\/(?![/\\])[^\s]*$/

/**
 * Decrypts a type-3 customer-service path: the last 8 characters are the key, the rest is base64 of
 * the URL's UTF-8 bytes XOR-ed with the repeated key. Returns the URL only when it is http(s), or a
 * path on this site (`/helpmc#chat`).
 * @throws Error when the path is malformed or does not decrypt to an http(s) URL or a site path
 */
export function decryptCsPath(path: string): string {
  if (path.length <= csKeyLength) throw new Error('customer-service path too short')
  const key = new TextEncoder().encode(path.slice(-csKeyLength))
  const bytes = base64Bytes(path.slice(0, -csKeyLength))
  const plain = bytes.map((byte, i) => byte ^ key[i % key.length])
  const url = new TextDecoder('utf-8', { fatal: true }).decode(plain)
  if (sitePath.test(url)) return url
  if (!/^https?:\/\/[^\s]+$/i.test(url)) throw new Error('customer-service path is not an http(s) URL')
  return new URL(url).href
}

/** Encrypts a URL the way the platform does (used by tests and the sandbox seed). */
export function encryptCsPath(url: string, key: string): string {
  if (key.length !== csKeyLength) throw new Error(`key must have ${csKeyLength} characters`)
  const k = new TextEncoder().encode(key)
  const bytes = new TextEncoder().encode(url).map((byte, i) => byte ^ k[i % k.length])
  return btoa(String.fromCharCode(...bytes)) + key
}

/** The address an entry opens: decrypted for type 3, the path itself (http(s) or a site path) otherwise. */
export function csTarget(entry: CustomerService): string {
  if (entry.csType === '3') return decryptCsPath(entry.path)
  if (sitePath.test(entry.path)) return entry.path
  if (!/^https?:\/\//i.test(entry.path)) throw new Error('customer-service path is not an http(s) URL')
  return new URL(entry.path).href
}

/** The kinds of icon the right bar shows, in order. */
export type CsChannel = 'livechat' | 'whatsapp' | 'telegram'

/** One right-bar entry: which icon, and the platform entry it opens. */
export interface CsLink {
  channel: CsChannel
  entry: CustomerService
}

/** VIP members (rank level above 4) get the VIP line instead of live chat (SPEC §6). */
export const vipRankThreshold = 4

/**
 * Customer-service links of a member of `rankLevel`: live chat (the VIP line for rank level > 4 when
 * one exists), the first WhatsApp and the first Telegram entry.
 */
export function csLinksOf(entries: readonly CustomerService[], rankLevel: number): CsLink[] {
  const vip = rankLevel > vipRankThreshold
  const byPosition = (prefix: string) => entries.find((e) => e.csPosition.startsWith(prefix))
  const vipLine = vip ? entries.find((e) => e.csType === 'VIP' || e.csPosition.startsWith('VIP')) : undefined
  const live = vipLine ?? byPosition('LIVECHAT')
  const links: CsLink[] = []
  if (live) links.push({ channel: 'livechat', entry: live })
  const whatsapp = byPosition('WHATSAPP')
  if (whatsapp) links.push({ channel: 'whatsapp', entry: whatsapp })
  const telegram = byPosition('TELEGRAM')
  if (telegram) links.push({ channel: 'telegram', entry: telegram })
  return links
}

/** The right bar's customer-service links for the member signed in ({@link csLinksOf}). */
export const $csLinks = computed([$customerService, $member], (entries, member): CsLink[] => csLinksOf(entries, member.data?.clubLabel.rankLevel ?? 0))

/** The live-chat (or VIP) entry, for "contact customer service" buttons on status pages. */
export const $csPrimary = computed($csLinks, (links) => links.find((l) => l.channel === 'livechat')?.entry ?? links[0]?.entry)

/**
 * Opens a customer-service entry in a popup window. The window opens synchronously (inside the
 * click) so blockers allow it, then gets its address; when the address cannot be worked out the
 * window is closed and the user warned.
 */
export function openCustomerService(entry: CustomerService): void {
  const popup = window.open('about:blank', 'lk-customer-service', 'width=480,height=720')
  if (!popup) {
    void warn('shell_cs_popup_blocked')
    return
  }
  try {
    const target = csTarget(entry)
    // The chat page must not be able to reach back into this window.
    popup.opener = null
    popup.location.href = target
  } catch {
    popup.close()
    void warn('shell_cs_invalid_url')
  }
}
