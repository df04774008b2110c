import type { Page } from 'playwright'
import { devSliderTarget, sliderAnswer } from '../../sandbox/auth/testkit.ts'
import { createClient } from '../../sdk/client/core-client.ts'
import { withAllRoutes } from '../../sdk/client/testing/all-routes.ts'
import { createStorage } from '../../sdk/storage/index.ts'
import { formatDate, zoneLabel } from '../../sdk/dates/index.ts'
import { brand } from '../../sandbox/seed/config.ts'
import { dayOf, dayStart, isoDay } from '../../sandbox/zone.ts'

/** Who a journey signs in as: a username and password, or a new free-play (trial) account. */
export type Who = { username: string; password: string } | 'freeplay'
/** The seeded member and agent (README's demo accounts). */
export const demo = { username: 'demo01', password: 'demo1234' } as const
export const agent = { username: 'agent01', password: 'agent1234' } as const

/** An API client of the sandbox at `url`, with its own storage; signed in when given a session token. */
export function clientFor(url: string, token?: string) {
  const storage = createStorage()
  if (token) storage.session.set('token', token)
  return withAllRoutes(createClient({ baseURL: url, merchant: 'LOBBYKIT', storage }))
}

/** A session made through the platform API (the login form has its own journeys). */
export async function sessionFor(url: string, who: Who): Promise<{ token: string; userName: string; isAgent: number }> {
  const client = clientFor(url)
  if (who === 'freeplay') {
    return client.api('loginFreeplay', { os: 'Linux', platform: 'W', random: `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}`, gatewayVersion: 3 })
  }
  const slider = await client.api('slider', {}, { noCache: true })
  return client.api('login', {
    type: 'username',
    username: who.username,
    password: who.password,
    slider: sliderAnswer(slider.challengeId, await devSliderTarget(url, slider.challengeId)),
  })
}

/** Starts the browser tab signed in: the session keys are in session storage before any script runs. */
export async function signedIn(page: Page, url: string, who: Who): Promise<{ token: string }> {
  const session = await sessionFor(url, who)
  await page.addInitScript((s) => {
    if (sessionStorage.getItem('token')) return
    sessionStorage.setItem('token', JSON.stringify(s.token))
    sessionStorage.setItem('account', JSON.stringify(s.userName))
    sessionStorage.setItem('isAgent', JSON.stringify(s.isAgent))
  }, session)
  return session
}

/**
 * The start of the brand's day holding `ms` (its midnight, UTC+08:00 in the seed), and that day's
 * date as the date fields take it: the site's days are the brand's, so a journey placing bets on
 * "yesterday" counts in them, whatever hour of the day (UTC) it runs at.
 */
export const brandDayStart = (ms: number): number => dayStart(dayOf(ms, brand.timeZone), brand.timeZone)
export const brandDate = (ms: number): string => isoDay(dayOf(ms, brand.timeZone))

/** A time as the site shows it: in the brand's time zone, named (`2026-12-06 21:00 UTC+08:00`). */
export const brandTime = (ms: number): string => `${formatDate(ms, { timeZone: brand.timeZone })} ${zoneLabel(brand.timeZone, new Date(ms))}`
