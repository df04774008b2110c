/**
 * What an owner changes in the back office besides the switches: the platform settings (brand name,
 * time zone, customer-service lines, registration policy) and the region switch beside maintenance.
 * The same `settings` rows the status and registration calls serve; each change audited with the
 * settings before and after ({@link audited}).
 * @module
 */
import type { CustomerService, CustomerServiceLink, PlatformSettings, Region } from '../../sdk/contract/all.ts'
import { csPositions } from '../../sdk/contract/all.ts'
import type { Db, Queryable } from '../db/index.ts'
import { Fail } from '../http/fail.ts'
import { brand as defaultBrand, decryptCsPath, encryptCsPath } from '../seed/config.ts'
import { forgetCachedStatus, getRegisterPolicy, getSetting, getStatus, putSetting, setRegisterPolicy, setStatus } from '../settings.ts'
import { type Actor, audited } from './actions.ts'

/** The line type each position takes: the live chat's address travels encrypted (type 3), as on the platform. */
const csTypeOf: Record<CustomerServiceLink['csPosition'], CustomerService['csType']> = {
  'LIVECHAT-1': '3',
  'WHATSAPP-1': 'WHATSAPP',
  'TELEGRAM-1': 'TELEGRAM',
  'TELEGRAM-2': 'TELEGRAM',
  'VIP-1': 'VIP',
}

/** The settings as stored, the live chat's address in the clear. */
export async function readSettings(q: Queryable): Promise<PlatformSettings> {
  const brand = await getSetting<{ name?: string; timeZone?: string }>(q, 'brand', defaultBrand)
  const lines = await getSetting<CustomerService[]>(q, 'customerService', [])
  const policy = await getRegisterPolicy(q)
  return {
    brandName: brand.name ?? defaultBrand.name,
    timeZone: brand.timeZone ?? defaultBrand.timeZone,
    customerService: lines
      .filter((l) => (csPositions as readonly string[]).includes(l.csPosition))
      .map((l) => ({ csPosition: l.csPosition, label: l.label, path: l.csType === '3' ? decryptCsPath(l.path) : l.path })),
    minimumAge: policy.minimumAge,
    termsDefault: policy.termsDefault,
  }
}

/**
 * Replaces the settings (every field at once; a customer-service position left out is removed),
 * audited with the settings before and after. Other fields of the brand row stay as they are.
 * @throws Fail('validation_failed') when a position is given twice
 */
export async function changeSettings(
  db: Db,
  actor: Actor,
  next: Omit<PlatformSettings, 'customerService'> & { customerService: CustomerServiceLink[] },
): Promise<PlatformSettings> {
  const positions = next.customerService.map((l) => l.csPosition)
  if (new Set(positions).size !== positions.length)
    throw new Fail('validation_failed', 'A customer-service line is given twice.', { fields: { customerService: 'admin_err_cs_twice' } })
  return audited(db, actor, 'settings.set', 'settings', async (q) => {
    // Two owners saving at once: each starts from what the other saved.
    await q.query("SELECT pg_advisory_xact_lock(hashtext('operator:settings'))")
    const before = await readSettings(q)
    const brand = await getSetting<Record<string, unknown>>(q, 'brand', defaultBrand)
    await putSetting(q, 'brand', { ...brand, name: next.brandName, timeZone: next.timeZone })
    const lines = [...next.customerService]
      .sort((a, b) => csPositions.indexOf(a.csPosition) - csPositions.indexOf(b.csPosition))
      .map((l) => ({ csPosition: l.csPosition, csType: csTypeOf[l.csPosition], path: csTypeOf[l.csPosition] === '3' ? encryptCsPath(l.path) : l.path, label: l.label }))
    await putSetting(q, 'customerService', lines)
    await setRegisterPolicy(q, { minimumAge: next.minimumAge, termsDefault: next.termsDefault })
    return { before, after: await readSettings(q) }
  })
}

/** Whether players outside the allowed regions are refused. */
export async function regionOn(q: Queryable): Promise<boolean> {
  return (await getStatus(q)).regionRestriction.enabled
}

/** Switches the region restriction on or off, audited with the state before and after. */
export async function switchRegion(db: Db, actor: Actor, on: boolean): Promise<Region> {
  try {
    return await audited(db, actor, 'region.set', 'system', async (q) => {
      await q.query("SELECT pg_advisory_xact_lock(hashtext('operator:maintenance'))")
      const before = { regionRestriction: await regionOn(q) }
      const after = { regionRestriction: (await setStatus(q, { regionRestriction: on })).regionRestriction.enabled }
      return { before, after }
    })
  } finally {
    forgetCachedStatus(db)
  }
}
