import { test, expect } from './fixtures.ts'
import { skipNoticePopup } from './popups.ts'

// Platform HTML as a careless or compromised back office could send it: the built site's browser path
// (DOMPurify behind the `lobbykit` Trusted Types policy) must show the text and harmless markup only.
const hostile = [
  '<p>Caf&eacute; &amp; cr&egrave;me br&ucirc;l&eacute;e</p>',
  '<img src="/no-such-image.png" onerror="window.__lkPwned = 1" alt="broken picture">',
  '<script>window.__lkPwned = 2</script>',
  '<a href="javascript:window.__lkPwned = 3">script link</a>',
  '<a href="/\\evil.test/x">backslash link</a>',
  '<a href="https://example.test/terms" target="_blank">terms</a>',
  '<a href="/rng" target="_top">slots</a>',
  '<p onclick="window.__lkPwned = 4"><strong>bold</strong> <font color="red">unwrapped</font></p>',
  '<svg><circle onload="window.__lkPwned = 5"/></svg><style>p { display: none }</style>',
  '<table><tbody><tr><td colspan="2">cell</td></tr></tbody></table>',
].join('')

// The notice popup would open over the page: seen already.
test('platform HTML is sanitised in the browser and reaches the page through the lobbykit Trusted Types policy', async ({ page, app }) => {
  // One journey with many checks: room for a loaded machine.
  test.setTimeout(90_000)
  await app.db.query(
    `INSERT INTO notices (id, type, title_en, title_es, content_en, content_es, image, start_time, sort) VALUES ('N-PL-XSS', 'PL', 'Hostile notice', 'Aviso hostil', $1, $1, '', 0, -1)`,
    [hostile],
  )
  await skipNoticePopup(page)
  // The page as a partner would run it: sinks take only TrustedHTML, and only the `lobbykit` policy may
  // make it. A second policy in the header is enforced beside the page's own.
  await page.route(
    (url) => url.pathname === '/noticePage',
    async (route) => {
      const response = await route.fetch()
      const policy = response.headers()['content-security-policy']
      expect(policy, 'the built page has its own policy').toBeTruthy()
      await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': `${policy}, require-trusted-types-for 'script'; trusted-types lobbykit` } })
    },
  )
  await page.goto('/noticePage')
  await page.getByRole('main').getByText('Hostile notice').click()
  const body = page.locator('.lk-html').filter({ hasText: 'unwrapped' })

  // Character references decode (the hand-written parser printed `&eacute;` as is).
  await expect(body.getByText('Café & crème brûlée')).toBeVisible()
  // Harmless markup stays, with its meaning.
  await expect(body.locator('strong')).toHaveText('bold')
  await expect(body.getByRole('cell', { name: 'cell' })).toHaveAttribute('colspan', '2')
  await expect(body.getByAltText('broken picture')).toHaveAttribute('src', '/no-such-image.png')
  const terms = body.getByRole('link', { name: 'terms' })
  await expect(terms).toHaveAttribute('href', 'https://example.test/terms')
  await expect(terms).toHaveAttribute('target', '_blank')
  await expect(terms).toHaveAttribute('rel', 'noopener noreferrer')
  // Only `_blank` is a target a notice may name.
  const slots = body.getByRole('link', { name: 'slots' })
  await expect(slots).toHaveAttribute('href', '/rng')
  await expect(slots).not.toHaveAttribute('target')
  // Dangerous URLs go, the text stays (without an address it is no longer a link).
  await expect(body.getByText('script link')).toBeVisible()
  await expect(body.getByRole('link', { name: 'script link' })).toHaveCount(0)
  await expect(body.getByText('backslash link')).toBeVisible()
  await expect(body.getByRole('link', { name: 'backslash link' })).toHaveCount(0)
  // Unknown wrappers are unwrapped; code, styles, handlers and foreign markup are gone.
  await expect(body.locator('font, script, style, svg, [onerror], [onclick], [onload]')).toHaveCount(0)
  await expect(body.getByText('bold unwrapped')).toBeVisible()
  // The broken image has had its chance to fire onerror: nothing ran.
  await expect.poll(() => body.getByAltText('broken picture').evaluate((img: HTMLImageElement) => img.complete)).toBe(true)
  expect(await page.evaluate(() => (window as { __lkPwned?: number }).__lkPwned)).toBeUndefined()
  // The fixture fails the test on any Content-Security-Policy violation (a plain string at an HTML sink,
  // another policy name) and on any page error.
})
