/**
 * The back office's settings area (owners): the platform settings as a form filled from the stored
 * ones (brand name, time zone, customer-service lines, registration policy), and the region switch
 * shown beside maintenance. Each change carries an idempotency key kept until it succeeds.
 * @module
 */
import * as v from 'valibot'
import { type ApiError, newIdempotencyKey, outcome } from '../client/index.ts'
import { csPositions, type PlatformSettings, PlatformSettingsRequest, type Region } from '../contract/backoffice.ts'
import { createForm } from '../form/index.ts'
import { opsApi } from './api.ts'
import { confirmable } from './confirm.ts'
import { remoteStore } from './remote.ts'

/** One customer-service position. */
export type CsPosition = (typeof csPositions)[number]
/** The form's field of a line's label or address: `LIVECHAT-1 label`, `LIVECHAT-1 path`. */
export const csField = (position: CsPosition, part: 'label' | 'path'): string => `${position} ${part}`

const blank = (): Record<string, string | boolean> => ({
  brandName: '',
  timeZone: '',
  minimumAge: '18',
  termsDefault: true,
  ...Object.fromEntries(
    csPositions.flatMap((p) => [
      [csField(p, 'label'), ''],
      [csField(p, 'path'), ''],
    ]),
  ),
})

/** The form's values as the request takes them: a line without an address is left out (removed). */
const requestOf = (values: Record<string, string | boolean>) => ({
  brandName: String(values.brandName),
  timeZone: String(values.timeZone),
  minimumAge: Number(values.minimumAge),
  termsDefault: values.termsDefault === true,
  customerService: csPositions.flatMap((p) => {
    const path = String(values[csField(p, 'path')]).trim()
    return path ? [{ csPosition: p, label: String(values[csField(p, 'label')]), path }] : []
  }),
})

/** Creates the settings area's stores; `onError` sees every refusal (an ended session). */
export function createSettingsArea(onError: (error: ApiError) => void) {
  // Kept until the settings are saved: a retry after a failure is the same change.
  let saveKey = newIdempotencyKey()
  const form = createForm({
    initial: blank(),
    schema: v.omit(PlatformSettingsRequest, ['idempotencyKey']),
    input: requestOf,
    keep: Object.keys(blank()),
    submit: async (input) => {
      const r = await outcome(() => opsApi('opsSetSettings', { ...input, idempotencyKey: saveKey }))
      if (r.error) onError(r.error)
      else {
        saveKey = newIdempotencyKey()
        fill(r.data)
      }
      return r
    },
  })
  /** Puts the stored settings into the form. */
  const fill = (s: PlatformSettings) => {
    form.set('brandName', s.brandName)
    form.set('timeZone', s.timeZone)
    form.set('minimumAge', String(s.minimumAge))
    form.set('termsDefault', s.termsDefault)
    for (const p of csPositions) {
      const line = s.customerService.find((l) => l.csPosition === p)
      form.set(csField(p, 'label'), line?.label ?? '')
      form.set(csField(p, 'path'), line?.path ?? '')
    }
  }
  const settings = remoteStore(async () => {
    const s = await opsApi('opsSettings')
    fill(s)
    return s
  }, onError)

  const region = remoteStore<Region>(() => opsApi('opsRegion'), onError)
  const switchRegion = confirmable<boolean>(
    (on, idempotencyKey) => opsApi('opsSetRegion', { regionRestriction: on, idempotencyKey }),
    () => void region.load(),
    onError,
  )

  return { settings, form, region, switchRegion }
}

/** The settings area's stores ({@link createSettingsArea}). */
export type SettingsArea = ReturnType<typeof createSettingsArea>
