import { describe, expect, it } from 'vitest'
import { client } from '../auth/testkit.ts'
import { decryptCsPath } from '../seed/config.ts'
import { sandboxForFile } from '../testkit.ts'
import { newOperator, opsClient, opsKey } from './testkit.ts'

const { sb } = sandboxForFile()
let ips = 0
const fresh = () => opsClient(sb.url, `10.80.0.${++ips}`)

describe('platform settings', () => {
  it('an owner changes brand, time zone, customer-service lines and registration policy; players see them; audited before and after', async () => {
    const owner = fresh()
    const op = await newOperator(sb.db, 'owner')
    await owner.signIn(op)
    const before = (await owner.call('opsSettings')).body.value
    expect(before).toMatchObject({ brandName: 'Lobbykit', timeZone: 'Asia/Manila', minimumAge: 18, termsDefault: true })
    expect(before.customerService).toContainEqual({ csPosition: 'LIVECHAT-1', label: 'Live chat', path: '/helpmc#chat' })

    const next = {
      brandName: 'Casa Verde',
      timeZone: 'Europe/Madrid',
      customerService: [
        { csPosition: 'WHATSAPP-1', label: 'WhatsApp', path: 'https://wa.me/34600000000' },
        { csPosition: 'LIVECHAT-1', label: 'Chat', path: 'https://chat.casaverde.example/room' },
      ],
      minimumAge: 21,
      termsDefault: false,
    }
    // Checked field by field: a zone Intl does not know, an address that would not open, under 18.
    const bad = await owner.call('opsSetSettings', {
      ...next,
      timeZone: 'Mars/Olympus',
      customerService: [{ csPosition: 'WHATSAPP-1', label: 'WhatsApp', path: 'javascript:alert(1)' }],
      minimumAge: 16,
      idempotencyKey: opsKey(),
    })
    expect(bad.body.fields).toEqual({ timeZone: 'admin_err_time_zone', 'customerService.0.path': 'admin_err_cs_path', minimumAge: 'admin_err_minimum_age' })
    const twice = await owner.call('opsSetSettings', { ...next, customerService: [next.customerService[0], next.customerService[0]], idempotencyKey: opsKey() })
    expect(twice.body.fields).toEqual({ customerService: 'admin_err_cs_twice' })

    const key = opsKey()
    const saved = await owner.call('opsSetSettings', { ...next, idempotencyKey: key })
    expect(saved.body.value).toEqual({ ...next, customerService: [next.customerService[1], next.customerService[0]] })
    expect((await owner.call('opsSetSettings', { ...next, brandName: 'Other', idempotencyKey: key })).body.value).toEqual(saved.body.value)

    const player = client(sb.url)
    const status = (await player.call('status', {})).body.value as { brand: { name: string; timeZone: string }; customerService: { csType: string; path: string }[] }
    expect(status.brand).toMatchObject({ name: 'Casa Verde', timeZone: 'Europe/Madrid' })
    // The live chat's address travels encrypted, as the platform's type-3 line does.
    const chat = status.customerService.find((l) => l.csType === '3')
    expect(chat && decryptCsPath(chat.path)).toBe('https://chat.casaverde.example/room')
    expect(status.customerService.map((l) => l.csType)).toEqual(['3', 'WHATSAPP'])
    expect((await player.call('registerPolicy', {})).body.value).toEqual({ minimumAge: 21, termsDefault: false })

    const rows = await sb.db.query<{ operator: string; before: unknown; after: unknown }>("SELECT operator, before, after FROM operator_audit WHERE action = 'settings.set'")
    expect(rows).toEqual([{ operator: op.username, before, after: saved.body.value }])

    // Support, finance and content cannot read or change them.
    const support = fresh()
    await support.signIn(await newOperator(sb.db, 'support'))
    expect((await support.call('opsSettings')).status).toBe(403)
    expect((await support.call('opsSetSettings', { ...next, idempotencyKey: opsKey() })).body.code).toBe('forbidden')
  })
})

describe('region switch', () => {
  it('refuses players while on, beside maintenance, audited', async () => {
    const owner = fresh()
    const op = await newOperator(sb.db, 'owner')
    await owner.signIn(op)
    const player = client(sb.url)
    try {
      expect((await owner.call('opsRegion')).body.value).toEqual({ regionRestriction: false })
      expect((await owner.call('opsSetRegion', { regionRestriction: true, idempotencyKey: opsKey() })).body.value).toEqual({ regionRestriction: true })
      expect((await player.call('status', {})).body.value).toMatchObject({ systemStatus: 2 })
      expect((await player.call('balance', {})).body.code).toBe('region_blocked')
      const [row] = await sb.db.query<{ before: unknown; after: unknown }>("SELECT before, after FROM operator_audit WHERE action = 'region.set' AND operator = $1", [op.username])
      expect(row).toEqual({ before: { regionRestriction: false }, after: { regionRestriction: true } })
    } finally {
      await owner.call('opsSetRegion', { regionRestriction: false, idempotencyKey: opsKey() })
    }
    expect((await player.call('status', {})).body.value).toMatchObject({ systemStatus: 0 })
    const finance = fresh()
    await finance.signIn(await newOperator(sb.db, 'finance'))
    expect((await finance.call('opsSetRegion', { regionRestriction: true, idempotencyKey: opsKey() })).body.code).toBe('forbidden')
  })
})
