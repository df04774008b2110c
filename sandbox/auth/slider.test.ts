import { describe, expect, it } from 'vitest'
import { recordSample, thinPath, type SliderSample } from '../../sdk/auth/slider.ts'
import { sandboxForFile } from '../testkit.ts'
import { devSliderTarget, humanSliderPath, inbox } from './testkit.ts'
import { byKeyboard, checkSlider, judgeSliderPath, SLIDER_MAX_SAMPLES } from './slider.ts'

/** What the widget sends for a sequence of `[tMs, x]` moves: recorded like the widget does, then thinned. */
const recorded = (moves: [number, number][]): SliderSample[] => {
  const path: SliderSample[] = []
  for (const [t, x] of moves) recordSample(path, t, x)
  return thinPath(path)
}
const answer = (path: [number, number][], position = path.at(-1)?.[1] ?? 0.5) => ({ position, durationMs: (path.at(-1)?.[0] ?? 0) + 100, path })

/** A script's straight line: `n` evenly timed, evenly spaced samples from 0 to `to`. */
const straight = (to: number, n: number, everyMs: number): [number, number][] => recorded(Array.from({ length: n }, (_, i) => [300 + i * everyMs, ((i + 1) * to) / n]))

describe('the slider path check', () => {
  it('accepts a keyboard user pressing Page Up and arrows at a human pace', () => {
    for (const target of [0.15, 0.42, 0.9]) expect(judgeSliderPath(answer(humanSliderPath(target).path)), String(target)).toBeNull()
  })

  it('accepts a held arrow key: first press, the repeat delay, then even repeats', () => {
    const moves: [number, number][] = [
      [0, 0],
      [700, 0.01],
    ]
    for (let i = 2; i <= 90; i++) moves.push([1200 + (i - 2) * 33, i / 100])
    const path = recorded(moves)
    expect(path.length).toBe(SLIDER_MAX_SAMPLES)
    expect(judgeSliderPath(answer(path))).toBeNull()
  })

  it('accepts a pointer drag that speeds up and slows down, thinned to 64 samples', () => {
    const moves: [number, number][] = [[0, 0]]
    for (let i = 0; i <= 120; i++) moves.push([900 + i * 8 + (i % 3), (0.62 * (1 - Math.cos((Math.PI * i) / 120))) / 2])
    const path = recorded(moves)
    expect(path.length).toBe(SLIDER_MAX_SAMPLES)
    expect(path[path.length - 1]).toEqual([1860, 0.62])
    expect(judgeSliderPath(answer(path))).toBeNull()
  })

  it('refuses what a script sends', () => {
    const human = humanSliderPath(0.5).path
    expect(judgeSliderPath(answer([]))).toBe('samples')
    expect(judgeSliderPath(answer(human.slice(-3)))).toBe('samples')
    expect(judgeSliderPath(answer(Array.from({ length: 65 }, (_, i): [number, number] => [i * 10 + (i % 2), i / 200])))).toBe('samples')
    // time running backwards, standing still, or past the answer's duration
    expect(judgeSliderPath(answer([human[0], human[2], human[1], ...human.slice(3)]))).toBe('time')
    expect(judgeSliderPath(answer([human[0], [human[0][0], 0.2], ...human.slice(2)]))).toBe('time')
    expect(judgeSliderPath({ ...answer(human), durationMs: human[human.length - 1][0] - 1 })).toBe('time')
    // a single jump onto the gap, after a few small moves
    expect(
      judgeSliderPath(
        answer([
          [300, 0.01],
          [420, 0.02],
          [610, 0.03],
          [700, 0.5],
        ]),
      ),
    ).toBe('jump')
    // the straight-line scripted answer: evenly timed, evenly spaced (with the position rounding)
    expect(judgeSliderPath(answer(straight(0.5, 30, 20)))).toBe('constant_speed')
    expect(judgeSliderPath(answer(straight(0.73, 64, 16)))).toBe('constant_speed')
    expect(judgeSliderPath(answer(human.map(([t]): [number, number] => [t, 0.3])))).toBe('constant_speed')
    // the same line to any gap, 20 samples 25 ms apart, positions rounded as the widget sends them: to a
    // near gap the rounding makes the short steps' speeds vary by over 5 % (25 of these passed)
    // (A line whose every sample is on the 1 % grid, to 0.2, 0.4, 0.6 or 0.8, is what an even-paced
    // keyboard user sends: it passes by design, see the keyboard tests.)
    for (let k = 150; k <= 900; k++) {
      if (k % 200 === 0) continue
      const line = Array.from({ length: 20 }, (_, i): [number, number] => [400 + i * 25, Math.round(((i + 1) * k) / 20) / 1000])
      expect(judgeSliderPath(answer(line, k / 1000)), `to ${k / 1000}`).toBe('constant_speed')
    }
    // ending elsewhere than the answered position
    expect(judgeSliderPath(answer(human, 0.55))).toBe('end')
    // too quick from first to last sample
    expect(judgeSliderPath(answer(human.map(([t, x], i): [number, number] => [100 + i * 12 + (i % 3) * 3, x])))).toBe('short')
  })
})

/** How a keyboard user moves the piece: Page Up then arrows, arrows only, or one arrow held down. */
type KeyStyle = 'pageUp' | 'arrows' | 'held'

/**
 * What the widget records for a keyboard user who moves the piece onto the gap (the nearest whole
 * percent to `target`) in one of the {@link KeyStyle}s, overshooting by `overshoot` percent and coming
 * back with the arrows, a key every `everyMs` (a held key: the first press, a 500 ms repeat delay, then
 * a repeat every `everyMs`), then Enter: an even rhythm, as a held key or a screen reader's presses have.
 */
function keyboardSolve(target: number, everyMs: number, style: KeyStyle = 'pageUp', overshoot = 0, startMs = 600): { position: number; durationMs: number; path: SliderSample[] } {
  const goal = Math.round(target * 100)
  const path: SliderSample[] = [[0, 0]]
  let at = 0
  let t = startMs
  const press = (to: number) => {
    at = Math.min(100, Math.max(0, to))
    recordSample(path, t, at / 100)
    t += everyMs
  }
  if (style === 'held') {
    press(1)
    t += 500 - everyMs
  }
  if (style === 'pageUp') while (goal + overshoot - at >= 10) press(at + 10)
  while (at < goal + overshoot) press(at + 1)
  while (at > goal) press(at - 1)
  // Enter, right after the last key: the submit is the last sample, where the piece is.
  recordSample(path, t - everyMs + 1, at / 100)
  return { position: at / 100, durationMs: t + 5, path: thinPath(path) }
}

describe('keyboard solves', () => {
  it('pass at an even rhythm, whatever the gap, the pace or an overshoot', () => {
    for (let k = 150; k <= 900; k++) {
      for (const style of ['pageUp', 'arrows', 'held'] as const) {
        for (const [everyMs, overshoot] of [
          [33, 0],
          [120, 0],
          [250, 3],
        ]) {
          const solve = keyboardSolve(k / 1000, everyMs, style, overshoot)
          expect(judgeSliderPath(solve), `gap ${k / 1000}, ${style}, a key every ${everyMs} ms, ${overshoot} % over`).toBeNull()
        }
      }
    }
  })

  it('are told apart by their positions: every sample on the 1 % grid', () => {
    expect(byKeyboard(keyboardSolve(0.537, 100).path)).toBe(true)
    expect(byKeyboard(humanSliderPath(0.537).path)).toBe(false)
    // A keyboard path still breaks the other rules: a jump, the wrong end, too quick.
    expect(
      judgeSliderPath({
        ...keyboardSolve(0.5, 100),
        path: [
          [0, 0],
          [100, 0.4],
          [200, 0.41],
          [300, 0.42],
        ],
      }),
    ).toBe('jump')
    expect(judgeSliderPath({ ...keyboardSolve(0.5, 100), position: 0.6 })).toBe('end')
    expect(judgeSliderPath(keyboardSolve(0.5, 20, 'pageUp', 0, 10))).toBe('short')
  })
})

describe('50 keyboard solves in a row on the sandbox', () => {
  const { sb, c } = sandboxForFile()
  it('all pass: the real challenge, its gap from the dev inbox, an even key rhythm', async () => {
    const results: boolean[] = []
    for (let i = 0; i < 50; i++) {
      const { challengeId } = (await c.call('slider', {})).body.value as { challengeId: string }
      const target = await devSliderTarget(sb.url, challengeId)
      const solve = keyboardSolve(target, [33, 80, 150][i % 3], (['pageUp', 'arrows', 'held'] as const)[i % 3], i % 4 === 0 ? 2 : 0)
      results.push(await checkSlider(sb.db, { challengeId, ...solve }, Date.now()))
    }
    expect(results.filter(Boolean).length).toBe(50)
  })
})

describe('a refused answer in the dev inbox', () => {
  const { sb, c } = sandboxForFile()
  it('is noted on its challenge with the reason: off the gap, then used again', async () => {
    const { challengeId } = (await c.call('slider', {})).body.value as { challengeId: string }
    const target = await devSliderTarget(sb.url, challengeId)
    const wrong = target > 0.5 ? target - 0.1 : target + 0.1
    const slider = { challengeId, position: wrong, ...humanSliderPath(wrong) }
    const login = { type: 'username' as const, username: 'demo01', password: 'Demo1234', slider }
    expect((await c.call('login', login)).body.code).toBe('slider_invalid')
    const noted = async () => (await inbox(sb.url)).slider.find((e) => e.challengeId === challengeId)
    expect(await noted()).toMatchObject({ target, refused: 'off_target', position: wrong })
    // The challenge went with the first answer: the same one again is unknown.
    expect((await c.call('login', login)).body.code).toBe('slider_invalid')
    expect(await noted()).toMatchObject({ refused: 'unknown' })
  })
})

describe('the widget recorder', () => {
  it('keeps time strictly increasing (a move in the same ms replaces the last) and x in 0..1 to 3 places', () => {
    const path: SliderSample[] = []
    recordSample(path, 10.2, 0.1)
    recordSample(path, 10.4, 0.12345)
    recordSample(path, 9, 0.2)
    recordSample(path, 25, 1.5)
    expect(path).toEqual([
      [10, 0.2],
      [25, 1],
    ])
  })

  it('thins evenly, keeping the first and the last sample', () => {
    const long = Array.from({ length: 200 }, (_, i): SliderSample => [i, i / 200])
    const thin = thinPath(long, 64)
    expect(thin.length).toBe(64)
    expect([thin[0], thin[63]]).toEqual([long[0], long[199]])
    const gaps = thin.slice(1).map(([t], i) => t - thin[i][0])
    expect(Math.max(...gaps) - Math.min(...gaps)).toBeLessThanOrEqual(1)
  })
})
