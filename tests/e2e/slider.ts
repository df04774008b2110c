import { expect, type Locator } from 'playwright/test'
import { SLIDER_MIN_DURATION_MS } from '../../sandbox/auth/slider.ts'

/**
 * Solving slide-to-verify the way a person does, for every journey that meets it. The platform checks
 * the recorded path of the move (sandbox/auth/slider.ts): an evenly timed straight line, such as
 * `page.mouse.move(x, y, { steps })` draws, is refused, so the drag here is a few moves of varying
 * length with short pauses, and the keyboard presses Page Up and the arrows at an uneven pace.
 * The gap's place comes from the dev inbox (a person sees it in the picture; the page never carries it).
 * @module
 */

/** Where the newest slider challenge's gap is, in percent of the track, from a dev inbox reply. */
export const gapPercent = (inbox: unknown): number => Math.round((inbox as { slider: { target: number }[] }).slider[0].target * 100)

/** Pauses that vary like a person's: 40–110 ms. */
const pause = (slider: Locator, i: number) => slider.page().waitForTimeout(40 + ((i * 37) % 70))

/**
 * A person takes a moment to find the gap in the picture: nobody solves the slider faster than the
 * platform's human minimum ({@link SLIDER_MIN_DURATION_MS}). Before submitting, the helpers wait until
 * that and a margin have passed since the slider showed (`since`, taken once it had the focus or showed,
 * so after the page's own start of the clock). Without it, a near gap (three presses) on a quick
 * machine was submitted in 291 ms and refused as too quick (auth.spec:297, flaky).
 */
async function notFasterThanAPerson(slider: Locator, since: number): Promise<void> {
  const left = SLIDER_MIN_DURATION_MS + 200 - (Date.now() - since)
  if (left > 0) await slider.page().waitForTimeout(left)
}

/**
 * Moves the slider, once it has the focus, to the gap (`gap()` percent, asked only then, when the
 * challenge is there) with the keyboard: Page Up 10 %, then the arrows 1 %; then presses Enter to
 * submit, as a keyboard or screen-reader user would.
 */
export async function solveSliderByKeyboard(slider: Locator, gap: () => Promise<number>): Promise<void> {
  await expect(slider).toBeFocused({ timeout: 30_000 })
  const shown = Date.now()
  await expect(slider).not.toHaveAttribute('data-target', /.*/)
  const target = await gap()
  let at = 0
  for (let i = 0; at < target; i++) {
    const page = target - at >= 10
    await slider.press(page ? 'PageUp' : 'ArrowRight')
    at += page ? 10 : 1
    await expect(slider).toHaveAttribute('aria-valuenow', String(at))
    await pause(slider, i)
  }
  await notFasterThanAPerson(slider, shown)
  await slider.press('Enter')
}

/**
 * Drags the slider's handle to the gap (`gap()` percent, asked once the slider shows) with the mouse in
 * a few uneven moves with short pauses, then releases it (which submits).
 */
export async function dragSlider(slider: Locator, gap: () => Promise<number>): Promise<void> {
  await expect(slider).toBeVisible({ timeout: 30_000 })
  const shown = Date.now()
  const target = await gap()
  const page = slider.page()
  const track = (await slider.locator('xpath=..').boundingBox())!
  const y = track.y + track.height / 2
  const to = track.x + (track.width * target) / 100
  await page.mouse.move(track.x + 1, y)
  await page.mouse.down()
  await pause(slider, 0)
  // Fast at first, then slower and shorter as the piece nears the gap, with a small overshoot back.
  const stops: [share: number, steps: number][] = [
    [0.2, 4],
    [0.45, 5],
    [0.7, 5],
    [0.9, 4],
    [1.02, 3],
    [1, 2],
  ]
  for (const [i, [share, steps]] of stops.entries()) {
    await page.mouse.move(track.x + 1 + (to - track.x - 1) * share, y + (i % 2), { steps })
    await pause(slider, i + 1)
  }
  await expect(slider).toHaveAttribute('aria-valuenow', String(target))
  await notFasterThanAPerson(slider, shown)
  await page.mouse.up()
}
