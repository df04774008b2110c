import { describe, expect, it } from 'vitest'
import { sandboxForFile } from './testkit.ts'
import { isFlagOn, type WhitelabelNode } from '../sdk/contract/all.ts'
import { setFlag } from './auth/testkit.ts'
import { getSettings, loadFlags, putSetting } from './settings.ts'

const { sb, c } = sandboxForFile()

const setGroup = (group: string, enabled: boolean) => sb.db.query('UPDATE whitelabel SET enabled = $2 WHERE mod_id = $1', [group, enabled])

describe('whitelabel flags in the sandbox', () => {
  it('follow the contract rule: a disabled group switches off its flags in the routes, the admin view and the status tree alike', async () => {
    await setFlag(sb.url, 'FREEPLAY3', true)
    await setGroup('LOGIN3', false)
    try {
      expect((await loadFlags(sb.db)).FREEPLAY3).toBe(false)
      const freeplay = await c.call('loginFreeplay', { os: 'linux', platform: 'W', random: 'x', gatewayVersion: 3 }, { ip: '10.7.0.1' })
      expect(freeplay.body.code).toBe('not_enabled')
      const status = (await (await fetch(`${sb.url}/wps/system/status`)).json()) as { value: { whitelabel: WhitelabelNode[] } }
      expect(isFlagOn(status.value.whitelabel, 'FREEPLAY3')).toBe(false)
      const admin = (await (
        await fetch(`${sb.url}/sandbox/admin/flags`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ flag: 'DIRECTREG3', enabled: true }),
        })
      ).json()) as { value: Record<string, boolean> }
      expect(admin.value.FREEPLAY3).toBe(false)
    } finally {
      await setGroup('LOGIN3', true)
    }
    expect((await loadFlags(sb.db)).FREEPLAY3).toBe(true)
    const freeplay = await c.call('loginFreeplay', { os: 'linux', platform: 'W', random: 'x', gatewayVersion: 3 }, { ip: '10.7.0.2' })
    expect(freeplay.body.code).toBe('ok')
  })
})

describe('settings read together', () => {
  it('hold each stored value and the fallback of each absent key, in one query', async () => {
    await putSetting(sb.db, 'test.together.a', { n: 1 })
    const queries: string[] = []
    const counting = {
      query: (sql: string, params?: unknown[]) => {
        queries.push(sql)
        return sb.db.query(sql, params)
      },
    } as typeof sb.db
    const read = await getSettings(counting, { 'test.together.a': { n: 0 }, 'test.together.absent': ['fallback'] })
    expect(read).toEqual({ 'test.together.a': { n: 1 }, 'test.together.absent': ['fallback'] })
    expect(queries).toHaveLength(1)
  })

  it('give the status call the brand, CDNs and status a page reads', async () => {
    await putSetting(sb.db, 'cdn', { imageCDNs: ['https://img.example.test'], launchGameCDNs: [] })
    const status = (await (await fetch(`${sb.url}/wps/system/status`)).json()) as { value: { imageCDNs: string[]; brand: { currency: string }; systemStatus: number } }
    expect(status.value.imageCDNs).toEqual(['https://img.example.test'])
    expect(status.value.brand.currency).toBeTruthy()
    expect(status.value.systemStatus).toBe(0)
  })
})
