import { test, expect, type Page } from './fixtures.ts'
import { skipNoticePopup } from './popups.ts'
import { settled } from './settled.ts'

// The system-status views (SPEC §2 "Startup") in each language, and the login-only rule when the
// status cannot be read. End times are shown in the viewer's zone: the journeys run in UTC.
test.use({ timezoneId: 'UTC' })

// The notice popup opens once per session over everything; these journeys start with it seen.
test.beforeEach(async ({ page }) => {
  await skipNoticePopup(page)
})

// The status views come with the gate island's hydration; on a busy machine that can take longer
// than the default wait, so the first look at one waits longer.
const hydrated = { timeout: 15_000 }

/** The status view (maintenance, blocked or error page). */
const statusView = (page: Page) => page.locator('section.lk-statuspage')

/** Records in `window.lkSeen` whether an element matching `selector` (and `text`) was ever painted visible before a status view. */
async function watchFor(page: Page, selector: string, text = '') {
  await page.addInitScript(
    ({ selector, text }) => {
      const w = window as unknown as { lkSeen: boolean }
      w.lkSeen = false
      const check = () => {
        // Once a status view covers the page, what is under it is not shown.
        if (document.querySelector('.lk-statuspage')) return
        for (const el of document.querySelectorAll(selector)) {
          if (el.textContent?.includes(text) && el.checkVisibility({ visibilityProperty: true })) w.lkSeen = true
        }
      }
      new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true })
      requestAnimationFrame(function loop() {
        check()
        requestAnimationFrame(loop)
      })
    },
    { selector, text },
  )
}
const seen = (page: Page) => page.evaluate(() => (window as unknown as { lkSeen: boolean }).lkSeen)

test.describe('maintenance page', () => {
  const texts = {
    title: { en: 'Database upgrade', es: 'Actualización de la base de datos' },
    info: { en: 'We are moving to faster servers.', es: 'Nos mudamos a servidores más rápidos.' },
    endTime: '2030-01-01T10:00:00Z',
  }

  test('in English: the operator title, end time, info and customer service, over an inert app', async ({ page, app }) => {
    await app.admin.setStatus({ maintenance: true, ...texts })
    await page.goto('/')
    const view = statusView(page)
    await expect(view.getByRole('heading', { level: 1, name: 'Database upgrade' })).toBeVisible(hydrated)
    await expect(view.getByText('Expected to end at Jan 1, 2030, 10:00 AM UTC')).toBeVisible()
    await expect(view.getByText('We are moving to faster servers.')).toBeVisible()
    await expect(view.getByRole('button', { name: 'Contact customer service' })).toBeVisible()
    await expect(page.locator('header')).toHaveAttribute('inert', '')
  })

  test('in Spanish: the operator texts and the end time in Spanish, nothing in English', async ({ page, app }) => {
    await app.admin.setStatus({ maintenance: true, ...texts })
    await page.goto('/es/')
    const view = statusView(page)
    await expect(view.getByRole('heading', { level: 1, name: 'Actualización de la base de datos' })).toBeVisible(hydrated)
    await expect(view.getByText('Finalización prevista: 1 ene 2030, 10:00 UTC')).toBeVisible()
    await expect(view.getByText('Nos mudamos a servidores más rápidos.')).toBeVisible()
    await expect(view.getByRole('button', { name: 'Contactar con atención al cliente' })).toBeVisible()
    for (const english of ['Database upgrade', 'faster servers', 'Expected to end', 'Jan', 'AM', 'Contact customer service']) await expect(view).not.toContainText(english)
  })

  test('in Spanish without operator texts: the sandbox default texts in Spanish', async ({ page, app }) => {
    await app.admin.setStatus({ maintenance: true })
    await page.goto('/es/promotions')
    const view = statusView(page)
    await expect(view.getByRole('heading', { level: 1, name: 'Mantenimiento programado' })).toBeVisible(hydrated)
    await expect(view.getByText('Estamos actualizando la plataforma. Vuelve pronto, por favor.')).toBeVisible()
    // No end time was set: no line about one.
    await expect(view).not.toContainText('Finalización prevista')
    for (const english of ['maintenance', 'upgrading', 'come back']) await expect(view).not.toContainText(english)
  })

  test('a later visit does not show the app before the status page (cached status)', async ({ page, app }) => {
    await app.admin.setStatus({ maintenance: true })
    await page.goto('/')
    await expect(statusView(page).getByRole('heading', { level: 1 })).toBeVisible(hydrated)
    // A public page is not hidden on a first visit, but the last status seen was maintenance.
    await watchFor(page, 'header')
    await page.goto('/download')
    await expect(statusView(page).getByRole('heading', { level: 1, name: 'Scheduled maintenance' })).toBeVisible(hydrated)
    expect(await seen(page)).toBe(false)
  })
})

test('region-blocked page in Spanish with the visitor IP, nothing in English', async ({ page, app }) => {
  await app.admin.setStatus({ regionRestriction: true })
  await page.goto('/es/help')
  const view = statusView(page)
  await expect(view.getByRole('heading', { level: 1, name: 'Acceso restringido' })).toBeVisible(hydrated)
  await expect(view.getByText('El acceso desde tu ubicación o dirección IP está restringido.')).toBeVisible()
  await expect(view.getByText(/^Tu IP: 127\.0\.0\.1$/)).toBeVisible()
  await expect(view.getByRole('button', { name: 'Contactar con atención al cliente' })).toBeVisible()
  for (const english of ['Access', 'restricted', 'Your IP', 'Contact customer service']) await expect(view).not.toContainText(english)
})

test.describe('login-only rule when the status call fails', () => {
  /** Makes every status call fail as a dropped connection until the returned function is called. */
  async function breakStatus(page: Page): Promise<() => Promise<void>> {
    const pattern = '**/wps/system/status?*'
    await page.route(pattern, (route) => route.abort('failed'))
    return () => page.unroute(pattern)
  }

  test('shows the error with a retry and never the protected page; the retry applies the rule', async ({ page, app }) => {
    await app.admin.setStatus({ loginOnly: true })
    await watchFor(page, 'h1', 'VIP club')
    const repair = await breakStatus(page)
    await page.goto('/vip')
    const view = statusView(page)
    await expect(view.getByRole('heading', { level: 1, name: "We couldn't open this page" })).toBeVisible(hydrated)
    await expect(view.getByRole('alert')).toContainText('The network link is abnormal')
    // Let the page do whatever it would do on its own: it must still not show the protected page.
    await settled(page)
    expect(new URL(page.url()).pathname).toBe('/vip')
    expect(await seen(page)).toBe(false)
    await repair()
    await view.getByRole('button', { name: 'Try again' }).click()
    await page.waitForURL('**/login')
  })

  test('the retry opens the page when the site is not login-only, in the page language', async ({ page }) => {
    const repair = await breakStatus(page)
    await page.goto('/es/vip')
    const view = statusView(page)
    await expect(view.getByRole('heading', { level: 1, name: 'No pudimos abrir esta página' })).toBeVisible(hydrated)
    await expect(view.getByRole('alert')).toContainText('La conexión de red es anormal')
    await expect(page.getByRole('heading', { level: 1, name: 'Club VIP' })).toBeHidden()
    await repair()
    await view.getByRole('button', { name: 'Reintentar' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Club VIP' })).toBeVisible(hydrated)
    await expect(view).toHaveCount(0)
  })

  test('a cached status is used instead: the page shows', async ({ page }) => {
    await page.goto('/vip')
    await expect(page.getByRole('heading', { level: 1, name: 'VIP club' })).toBeVisible(hydrated)
    await breakStatus(page)
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'VIP club' })).toBeVisible(hydrated)
    await expect(statusView(page)).toHaveCount(0)
  })

  test('a protected page asks for the status once', async ({ page }) => {
    let calls = 0
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/wps/system/status') calls++
    })
    await page.goto('/vip')
    await expect(page.getByRole('heading', { level: 1, name: 'VIP club' })).toBeVisible(hydrated)
    // Islands that load late (images, side bars) share the status already loaded.
    await settled(page)
    expect(calls).toBe(1)
  })
})
