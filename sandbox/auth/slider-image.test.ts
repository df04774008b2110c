import { describe, expect, it } from 'vitest'
import type { Raster } from './png.ts'
import { drawSlider, GAP_HALF, SLIDER_HEIGHT, SLIDER_WIDTH } from './slider-image.ts'

// The naive pixel scans that solved the old picture 10 times in 10 (its gap was one exact colour with
// a solid edge). Each answers the gap's centre in pixels; the answer is right within the tolerance.
const lum = (r: Raster, x: number, y: number) => {
  const i = (y * r.width + x) * 3
  return 0.299 * r.pixels[i] + 0.587 * r.pixels[i + 1] + 0.114 * r.pixels[i + 2]
}
const column = (r: Raster, x: number) => {
  let sum = 0
  for (let y = 6; y < SLIDER_HEIGHT - 6; y++) sum += lum(r, x, y)
  return sum
}
const argBest = (n: number, score: (x: number) => number) => {
  let best = 0
  for (let x = 1; x < n; x++) if (score(x) > score(best)) best = x
  return best
}
const solvers: Record<string, (r: Raster) => number> = {
  'the old gap colour': (r) => {
    for (let x = 0; x < r.width; x++)
      for (let y = 0; y < r.height; y++) {
        const i = (y * r.width + x) * 3
        if (r.pixels[i] === 37 && r.pixels[i + 1] === 99 && r.pixels[i + 2] === 235) return x + GAP_HALF
      }
    return r.width / 2
  },
  'the darkest column': (r) => argBest(r.width, (x) => -column(r, x)) + GAP_HALF / 2,
  'the brightest column': (r) => argBest(r.width, (x) => column(r, x)) + GAP_HALF,
  'the darkest gap-wide window': (r) => {
    const cols = Array.from({ length: r.width }, (_, x) => column(r, x))
    return GAP_HALF + argBest(r.width - 2 * GAP_HALF, (x) => -cols.slice(x, x + 2 * GAP_HALF + 1).reduce((a, b) => a + b, 0))
  },
  'the strongest edge': (r) => {
    const cols = Array.from({ length: r.width }, (_, x) => column(r, x))
    const x = argBest(r.width - 1, (i) => (i === 0 ? 0 : Math.abs(cols[i] - cols[i - 1])))
    // Entering something darker: the gap starts here; leaving it: it ends here.
    return cols[x] < cols[x - 1] ? x + GAP_HALF : x - GAP_HALF
  },
}

describe('the slider picture', () => {
  const rounds = 60
  const targets = Array.from({ length: rounds }, (_, i) => 0.15 + ((i * 0.75) / rounds) * 1.0)
  const pictures = targets.map((t) => ({ target: t, raster: drawSlider(t) }))

  for (const [name, solve] of Object.entries(solvers)) {
    it(`is not solved by a scan for ${name} (at most a quarter of ${rounds})`, () => {
      const solved = pictures.filter(({ target, raster }) => Math.abs(solve(raster) - target * SLIDER_WIDTH) <= GAP_HALF).length
      console.log(`[slider] ${name}: ${solved} of ${rounds}`)
      expect(solved).toBeLessThanOrEqual(rounds / 4)
    })
  }

  it('holds no colour of its own: most of the gap’s exact colours are found outside it too', () => {
    const { target, raster } = pictures[0]
    const centre = Math.round(target * SLIDER_WIDTH)
    const inside = new Set<number>()
    const outside = new Set<number>()
    for (let x = 0; x < raster.width; x++)
      for (let y = 0; y < raster.height; y++) {
        const i = (y * raster.width + x) * 3
        const colour = (raster.pixels[i] << 16) | (raster.pixels[i + 1] << 8) | raster.pixels[i + 2]
        ;(Math.abs(x - centre) <= GAP_HALF ? inside : outside).add(colour)
      }
    // Noise makes colours scattered everywhere; no single colour marks the gap (the old one had two).
    expect(inside.size).toBeGreaterThan(200)
  })
})
