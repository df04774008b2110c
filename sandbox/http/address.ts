/**
 * The caller's address behind configured proxies (TRUSTED_PROXIES).
 * @module
 */
import { BlockList, isIP } from 'node:net'
import type { Context } from 'hono'

/**
 * Parses TRUSTED_PROXIES: addresses and CIDR ranges separated by commas or spaces
 * (`127.0.0.1, ::1, 10.0.0.0/8`). Empty means no proxy is trusted: forwarded headers are ignored.
 * @throws Error naming the entry that is not an address or range
 */
export function parseTrustedProxies(text: string | string[] | undefined): BlockList {
  const list = new BlockList()
  const entries = (Array.isArray(text) ? text : (text ?? '').split(/[\s,]+/)).map((x) => x.trim()).filter(Boolean)
  for (const entry of entries) {
    const [addr, bits] = entry.split('/')
    const family = isIP(addr)
    const prefix = bits === undefined ? null : Number(bits)
    if (!family || (prefix !== null && !(Number.isInteger(prefix) && prefix >= 0 && prefix <= (family === 4 ? 32 : 128)))) {
      throw new Error(`TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR range`)
    }
    const type = family === 4 ? 'ipv4' : 'ipv6'
    if (prefix === null) list.addAddress(addr, type)
    else list.addSubnet(addr, prefix, type)
  }
  return list
}

const isTrusted = (trusted: BlockList, ip: string): boolean => {
  const family = isIP(ip)
  return family !== 0 && trusted.check(ip, family === 4 ? 'ipv4' : 'ipv6')
}

/**
 * The caller's address. Forwarded headers count only when the socket peer is a trusted proxy; then
 * the `X-Forwarded-For` hops are read right to left and the first one that is not a trusted proxy is
 * the caller (a client can prepend anything it likes, but not what its proxies append).
 */
export function clientIp(c: Context, trusted: BlockList): string {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined
  let ip = normaliseIp(env?.incoming?.socket?.remoteAddress ?? '127.0.0.1')
  if (!isTrusted(trusted, ip)) return ip
  const hops = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean)
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = normaliseIp(hops[i])
    if (!isIP(hop)) return ip // garbage: the last address a trusted proxy vouched for
    ip = hop
    if (!isTrusted(trusted, hop)) return hop
  }
  return ip
}

const normaliseIp = (ip: string) => (ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip)
