/**
 * Images the sandbox's "CDN" serves: game thumbnails (4:3), vendor logos, banners and promotion
 * covers (4:1), all SVG drawn from the catalogue so they are deterministic, tiny and cacheable.
 * @module
 */

/** Escapes text for SVG/HTML content and attribute values. */
export const esc = (s: string): string => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c)

/** Makes JSON safe to embed inside a `<script>` element. */
export const scriptJson = (x: unknown): string =>
  JSON.stringify(x)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')

/** FNV-1a hash: the same id always draws the same picture. */
export function hash(s: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193)
  return h >>> 0
}

/** Splits a title into at most `lines` lines of about `width` characters. */
function wrap(text: string, width: number, lines: number): string[] {
  const out: string[] = []
  let line = ''
  for (const word of text.split(/\s+/)) {
    if (line && (line + ' ' + word).length > width) {
      out.push(line)
      line = word
    } else line = line ? `${line} ${word}` : word
  }
  if (line) out.push(line)
  if (out.length > lines) {
    out.length = lines
    out[lines - 1] = `${out[lines - 1].slice(0, width - 1)}…`
  }
  return out
}

const shapes = [
  (cx: number, cy: number, r: number) => `<circle cx="${cx}" cy="${cy}" r="${r}"/>`,
  (cx: number, cy: number, r: number) => `<polygon points="${cx},${cy - r} ${cx + r},${cy} ${cx},${cy + r} ${cx - r},${cy}"/>`,
  (cx: number, cy: number, r: number) => {
    const pts = Array.from({ length: 10 }, (_, i) => {
      const a = (Math.PI / 5) * i - Math.PI / 2
      const d = i % 2 ? r * 0.45 : r
      return `${(cx + d * Math.cos(a)).toFixed(1)},${(cy + d * Math.sin(a)).toFixed(1)}`
    })
    return `<polygon points="${pts.join(' ')}"/>`
  },
  (cx: number, cy: number, r: number) => {
    const pts = Array.from({ length: 6 }, (_, i) => {
      const a = (Math.PI / 3) * i
      return `${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`
    })
    return `<polygon points="${pts.join(' ')}"/>`
  },
]

/**
 * A 4:3 game thumbnail: colour and emblem from the node id, the game name and the vendor code.
 * @param nodeId - game id
 * @param name - display name
 * @param vendor - vendor code
 * @param color - vendor colour (`#rrggbb`)
 */
export function gameThumb(nodeId: string, name: string, vendor: string, color: string): string {
  const h = hash(nodeId)
  const hue = h % 360
  const shape = shapes[(h >>> 9) % shapes.length]
  const lines = wrap(name, 16, 2)
  const text = lines.map((l, i) => `<text x="200" y="${lines.length === 1 ? 236 : 222 + i * 34}">${esc(l)}</text>`).join('')
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" width="400" height="300" role="img" aria-label="${esc(name)}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,45%)"/><stop offset="1" stop-color="${esc(color)}"/></linearGradient></defs>` +
    `<rect width="400" height="300" rx="18" fill="url(#g)"/>` +
    `<g fill="rgba(255,255,255,.22)">${shape(200, 110, 78)}</g><g fill="rgba(255,255,255,.85)">${shape(200, 110, 34)}</g>` +
    `<rect x="14" y="14" rx="8" width="${18 + vendor.length * 11}" height="28" fill="rgba(0,0,0,.35)"/>` +
    `<text x="${23}" y="34" font-family="system-ui,sans-serif" font-size="16" font-weight="700" fill="#fff">${esc(vendor)}</text>` +
    `<g font-family="system-ui,sans-serif" font-size="28" font-weight="700" fill="#fff" text-anchor="middle">${text}</g></svg>`
  )
}

/** A 5:2 vendor logo: the code large, the name below, on the vendor's colour. */
export function vendorLogo(code: string, name: string, color: string): string {
  const size = code.length > 8 ? 26 : code.length > 5 ? 34 : 44
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 80" width="200" height="80" role="img" aria-label="${esc(name)}">` +
    `<rect width="200" height="80" rx="12" fill="${esc(color)}"/>` +
    `<text x="100" y="${44 + size / 6}" font-family="system-ui,sans-serif" font-size="${size}" font-weight="800" fill="#fff" text-anchor="middle">${esc(code.replace(/_/g, ' '))}</text>` +
    `<text x="100" y="70" font-family="system-ui,sans-serif" font-size="12" fill="rgba(255,255,255,.85)" text-anchor="middle">${esc(name)}</text></svg>`
  )
}

/**
 * A 1200×300 banner or promotion cover: brand colour gradient, the title and a small brand line.
 * @param id - banner or notice id (decoration varies with it)
 * @param title - headline in the banner's language
 * @param color - base colour (`#rrggbb`)
 */
export function bannerImage(id: string, title: string, color: string): string {
  const h = hash(id)
  const lines = wrap(title, 30, 2)
  const text = lines.map((l, i) => `<text x="80" y="${lines.length === 1 ? 172 : 140 + i * 64}">${esc(l)}</text>`).join('')
  const circles = Array.from({ length: 5 }, (_, i) => {
    const x = 760 + ((h >>> (i * 3)) % 420)
    const y = 30 + ((h >>> (i * 5)) % 240)
    return `<circle cx="${x}" cy="${y}" r="${40 + ((h >>> i) % 90)}" fill="rgba(255,255,255,${(0.06 + i * 0.03).toFixed(2)})"/>`
  }).join('')
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 300" width="1200" height="300" role="img" aria-label="${esc(title)}">` +
    `<defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${esc(color)}"/><stop offset="1" stop-color="#128547"/></linearGradient></defs>` +
    `<rect width="1200" height="300" fill="url(#b)"/>${circles}` +
    `<g font-family="system-ui,sans-serif" font-size="54" font-weight="800" fill="#fff">${text}</g>` +
    `<text x="80" y="262" font-family="system-ui,sans-serif" font-size="22" letter-spacing="4" fill="rgba(255,255,255,.8)">LOBBYKIT</text></svg>`
  )
}

/**
 * A 4:3 point-mall reward picture: a gift tag with the reward's title and its price in points,
 * coloured from the reward id.
 * @param id - reward id (colour and emblem vary with it)
 * @param title - the reward's title in the picture's language
 * @param points - its price in points
 */
export function rewardPicture(id: string, title: string, points: number): string {
  const h = hash(id)
  const hue = h % 360
  const shape = shapes[(h >>> 9) % shapes.length]
  const lines = wrap(title, 18, 2)
  const text = lines.map((l, i) => `<text x="200" y="${lines.length === 1 ? 226 : 212 + i * 32}">${esc(l)}</text>`).join('')
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" width="400" height="300" role="img" aria-label="${esc(title)}">` +
    `<defs><linearGradient id="r" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},65%,42%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},70%,30%)"/></linearGradient></defs>` +
    `<rect width="400" height="300" rx="18" fill="url(#r)"/>` +
    `<g fill="rgba(255,255,255,.2)">${shape(200, 104, 74)}</g><g fill="rgba(255,255,255,.9)">${shape(200, 104, 30)}</g>` +
    `<rect x="14" y="14" rx="8" width="${30 + String(points).length * 11}" height="28" fill="rgba(0,0,0,.35)"/>` +
    `<text x="23" y="34" font-family="system-ui,sans-serif" font-size="16" font-weight="700" fill="#fff">${points} P</text>` +
    `<g font-family="system-ui,sans-serif" font-size="26" font-weight="700" fill="#fff" text-anchor="middle">${text}</g></svg>`
  )
}
