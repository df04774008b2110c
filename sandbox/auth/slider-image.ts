/**
 * The slide-to-verify track's picture. The gap is drawn so that no single colour or edge gives it
 * away: every pixel of the track is noise around a background that drifts along the track, the gap
 * is that same noise shaded (by a darkness picked per challenge) with a bevelled rim, and decoys sit
 * beside it: shaded blocks of the gap's width without the rim (some darker than the gap), and thin
 * dark and light bars with stronger edges than the gap's. A person sees the one hole with a rim; a scan for a
 * colour, the darkest column, the darkest gap-wide window or the strongest edge lands on a decoy
 * most of the time (sandbox/auth/slider-image.test.ts). It stays a speed bump: the per-account and
 * per-address limits are the defence (README).
 * @module
 */
import { randomInt } from 'node:crypto'
import { encodePng, type Raster, raster } from './png.ts'

/** The track's size in pixels. */
export const SLIDER_WIDTH = 400
export const SLIDER_HEIGHT = 44
/** The gap's half width in pixels (the answer's tolerance both ways, 0.04 of the track). */
export const GAP_HALF = 16
const TOP = 5
const BOTTOM = SLIDER_HEIGHT - 6

const clamp = (n: number) => (n < 0 ? 0 : n > 255 ? 255 : Math.round(n))
const rand = (min: number, max: number) => min + (randomInt(0, 1_000_001) / 1_000_000) * (max - min)

function get(r: Raster, x: number, y: number): [number, number, number] {
  const i = (y * r.width + x) * 3
  return [r.pixels[i], r.pixels[i + 1], r.pixels[i + 2]]
}
function set(r: Raster, x: number, y: number, rgb: readonly number[]): void {
  if (x < 0 || y < 0 || x >= r.width || y >= r.height) return
  r.pixels.set(rgb.map(clamp), (y * r.width + x) * 3)
}
/** Multiplies a rectangle's pixels by `factor` (a shade, < 1, or a light, > 1), keeping their noise. */
function shade(r: Raster, x0: number, x1: number, y0: number, y1: number, factor: number): void {
  for (let x = Math.max(0, x0); x <= Math.min(r.width - 1, x1); x++)
    for (let y = y0; y <= y1; y++) {
      const [red, green, blue] = get(r, x, y)
      set(r, x, y, [red * factor, green * factor, blue * factor])
    }
}

/** Where a block or bar may go: at least `distance` from the centre of every block already placed. */
function freeSpot(taken: number[], distance: number): number | null {
  for (let tries = 0; tries < 100; tries++) {
    const c = randomInt(GAP_HALF + 2, SLIDER_WIDTH - GAP_HALF - 2)
    if (taken.every((t) => Math.abs(t - c) > distance)) return c
  }
  return null
}

/**
 * Draws the track with the gap centred at `target` (0..1 of the width): noise, the bevelled gap,
 * rimless shaded decoys of its width and thin dark bars.
 */
export function drawSlider(target: number): Raster {
  const r = raster(SLIDER_WIDTH, SLIDER_HEIGHT, [0, 0, 0])
  // A background drifting along the track (a few random anchor colours), then noise on every pixel.
  const anchors = Array.from({ length: 6 }, () => [randomInt(170, 236), randomInt(170, 236), randomInt(175, 246)])
  for (let x = 0; x < SLIDER_WIDTH; x++) {
    const pos = (x / (SLIDER_WIDTH - 1)) * (anchors.length - 1)
    const i = Math.min(anchors.length - 2, Math.floor(pos))
    const f = pos - i
    const base = anchors[i].map((a, k) => a + (anchors[i + 1][k] - a) * f)
    for (let y = 0; y < SLIDER_HEIGHT; y++) {
      const n = randomInt(-22, 23)
      set(r, x, y, [base[0] + n + randomInt(-6, 7), base[1] + n + randomInt(-6, 7), base[2] + n + randomInt(-6, 7)])
    }
  }
  const centre = Math.round(target * SLIDER_WIDTH)
  const taken = [centre]
  // Decoy blocks of the gap's width, without a rim: one darker than the gap, the others about as dark.
  const gapShade = rand(0.55, 0.7)
  const decoys = [gapShade - rand(0.05, 0.12), gapShade + rand(-0.04, 0.04), gapShade + rand(0, 0.08)]
  for (const factor of decoys) {
    const c = freeSpot(taken, 2 * GAP_HALF + 8)
    if (c === null) continue
    taken.push(c)
    const top = TOP + randomInt(-1, 2)
    shade(r, c - GAP_HALF, c + GAP_HALF, top, BOTTOM + randomInt(-1, 2), factor)
  }
  // Thin bars, dark and light: the darkest and brightest columns and the strongest edges of the picture.
  for (const factor of [rand(0.3, 0.42), rand(0.3, 0.42), rand(0.3, 0.42), rand(1.35, 1.5), rand(1.35, 1.5), rand(1.35, 1.5)]) {
    // Anywhere but on the gap (a bar may cross a decoy).
    const c = freeSpot([centre], GAP_HALF + 8)
    if (c === null) continue
    shade(r, c, c + randomInt(1, 5), randomInt(2, TOP + 1), SLIDER_HEIGHT - randomInt(2, 7), factor)
  }
  // The gap: shaded inside, its rim lit on the top and left and darker on the bottom and right (a hole).
  const light = rand(1.22, 1.32)
  const dark = rand(0.45, 0.55)
  const [left, right] = [centre - GAP_HALF, centre + GAP_HALF]
  shade(r, left + 2, right - 2, TOP + 2, BOTTOM - 2, gapShade)
  shade(r, left, right, TOP, TOP + 1, light)
  shade(r, left, left + 1, TOP + 2, BOTTOM, light)
  shade(r, left + 2, right, BOTTOM - 1, BOTTOM, dark)
  shade(r, right - 1, right, TOP + 2, BOTTOM - 2, dark)
  return r
}

/** The track's picture as a PNG file. */
export const renderSlider = (target: number): Buffer => encodePng(drawSlider(target))
