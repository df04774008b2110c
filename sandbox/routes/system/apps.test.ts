import { describe, expect, it } from 'vitest'
import { sandboxForFile } from '../../testkit.ts'

const { sb, c } = sandboxForFile()

describe('the app download targets', () => {
  it('come from the platform configuration and open working local pages, not example.com', async () => {
    const status = (await c.call('status', {})).body.value as { resources: { resourceType: string; url: string; qrCodeUrl: string }[] }
    const urls = Object.fromEntries(status.resources.map((r) => [r.resourceType, r.url]))
    expect(urls).toEqual({ IOS: '/sandbox/apps/ios', ANDROID: '/sandbox/apps/android', LITE: '/down' })
    for (const platform of ['ios', 'android']) {
      const page = await fetch(`${sb.url}/sandbox/apps/${platform}`)
      expect(page.status).toBe(200)
      const html = await page.text()
      expect(html).toContain('lite app')
      expect(html).toContain('app lite')
      expect(html).not.toContain('<script')
    }
    expect((await fetch(`${sb.url}/sandbox/apps/windows`)).status).toBe(404)
    const qr = await fetch(`${sb.url}/sandbox/qr/ios.svg`)
    expect(qr.headers.get('content-type')).toContain('image/svg+xml')
    for (const r of status.resources) expect(r.url).not.toContain('example.com')
  })
})
