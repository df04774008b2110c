import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import type { Queryable } from '../db/index.ts'
import { CAPTCHA_ALPHABET, GLYPHS } from './font.ts'
import { encodePng, plot, raster, type Raster } from './png.ts'

/**
 * Image captchas: 4–5 characters drawn with jitter and noise into a PNG. A captcha is bound to the
 * address that asked for it, expires after 5 minutes and is consumed by the first check, right or wrong.
 * @module
 */

export const CAPTCHA_TTL_MS = 5 * 60_000
const WIDTH = 132
const HEIGHT = 44

type Rgb = [number, number, number]
const shade = (lo: number, hi: number): Rgb => [randomInt(lo, hi), randomInt(lo, hi), randomInt(lo, hi)]

function drawGlyph(r: Raster, ch: string, x0: number, y0: number, scale: number, slant: number, ink: Rgb): void {
  const glyph = GLYPHS[ch]
  for (let gy = 0; gy < glyph.length; gy++) {
    for (let gx = 0; gx < glyph[gy].length; gx++) {
      if (glyph[gy][gx] !== '#') continue
      for (let dy = 0; dy < scale; dy++) {
        for (let dx = 0; dx < scale; dx++) {
          const y = y0 + gy * scale + dy
          plot(r, x0 + gx * scale + dx + slant * (y - y0 - 3.5 * scale), y, ink)
        }
      }
    }
  }
}

function line(r: Raster, x1: number, y1: number, x2: number, y2: number, ink: Rgb): void {
  const steps = Math.max(Math.abs(x2 - x1), Math.abs(y2 - y1))
  for (let i = 0; i <= steps; i++) plot(r, x1 + ((x2 - x1) * i) / steps, y1 + ((y2 - y1) * i) / steps, ink)
}

/** Draws `text` into a PNG with noise lines and speckles. */
export function renderCaptcha(text: string): Buffer {
  const r = raster(WIDTH, HEIGHT, shade(225, 256))
  for (let i = 0; i < 180; i++) plot(r, randomInt(0, WIDTH), randomInt(0, HEIGHT), shade(120, 220))
  const cell = Math.floor((WIDTH - 12) / text.length)
  for (let i = 0; i < text.length; i++) {
    const scale = randomInt(0, 3) === 0 ? 3 : 4
    const x = 6 + i * cell + randomInt(0, Math.max(1, cell - 5 * scale))
    const y = randomInt(2, Math.max(3, HEIGHT - 7 * scale - 1))
    drawGlyph(r, text[i], x, y, scale, (randomInt(0, 41) - 20) / 100, shade(10, 110))
  }
  for (let i = 0; i < 4; i++) line(r, randomInt(0, WIDTH), randomInt(0, HEIGHT), randomInt(0, WIDTH), randomInt(0, HEIGHT), shade(60, 170))
  return encodePng(r)
}

/** A fresh captcha text of 4 or 5 characters. */
export function captchaText(): string {
  const n = randomInt(4, 6)
  let s = ''
  for (let i = 0; i < n; i++) s += CAPTCHA_ALPHABET[randomInt(0, CAPTCHA_ALPHABET.length)]
  return s
}

/**
 * Issues a captcha for `ip`.
 * @returns the id to send back, the PNG as base64 and the answer (for the dev inbox only)
 */
export async function issueCaptcha(q: Queryable, ip: string, now: number): Promise<{ captchaId: string; image: string; answer: string }> {
  const captchaId = randomBytes(16).toString('base64url')
  const answer = captchaText()
  await q.query('INSERT INTO captchas (id, answer, ip, expires_at) VALUES ($1, $2, $3, $4)', [captchaId, answer, ip, now + CAPTCHA_TTL_MS])
  await q.query('DELETE FROM captchas WHERE expires_at < $1', [now - CAPTCHA_TTL_MS])
  return { captchaId, image: renderCaptcha(answer).toString('base64'), answer }
}

/**
 * Checks and consumes a captcha: it passes only for the same address, before expiry, with the right
 * text (case and surrounding spaces ignored). The captcha is gone after this call either way.
 */
export async function checkCaptcha(q: Queryable, captchaId: string, input: string, ip: string, now: number): Promise<boolean> {
  const rows = await q.query<{ answer: string; ip: string; expires_at: number | string }>('DELETE FROM captchas WHERE id = $1 RETURNING answer, ip, expires_at', [captchaId])
  const c = rows[0]
  if (!c || c.ip !== ip || Number(c.expires_at) <= now) return false
  const a = Buffer.from(c.answer.toUpperCase())
  const b = Buffer.from(input.trim().toUpperCase())
  return a.length === b.length && timingSafeEqual(a, b)
}
