/**
 * Customer service journeys: the chat room from the right bar answered from the operator
 * console live, a cut connection that loses and doubles nothing, a platform message read dropping the
 * badges, feedback with two images sent and answered, the speed test of domain routes, and the help
 * centre's entries; in English and Spanish, at 390 px too.
 */
import type { Browser, Locator } from 'playwright/test'
import { axeViolations } from './axe.ts'
import { expect, test, type App, type Page } from './fixtures.ts'
import { skipNoticePopup } from './popups.ts'
import { demo, signedIn } from './session.ts'

test.describe.configure({ timeout: 90_000 })
// The once-a-session notice popup would cover the right bar: these journeys are not about it.
test.beforeEach(({ page }) => skipNoticePopup(page))

// A 1×1 PNG.
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')

/**
 * The right bar, unfolded on a phone. It hydrates on its first press (the press is then made again), so
 * a journey presses it as a player does, without waiting for React.
 */
async function rightBar(page: Page): Promise<Locator> {
  // On a phone the bar is one button that unfolds the list; on a wider screen the list shows.
  const toggle = page.locator('.lk-sidebar__toggle')
  const bar = page.locator('.lk-sidebar--right')
  // Until the list shows: isVisible() does not wait, so on a loaded machine a page still starting could
  // read as "no toggle" (or be unfolded, then folded again by the press its island replays) and the list
  // stayed folded (service:105 timed out waiting for the chat room's button).
  await expect(async () => {
    if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click()
    await expect(bar.getByRole('list')).toBeVisible({ timeout: 5_000 })
  }).toPass({ timeout: 60_000 })
  return bar
}

/** The operator console in a browser context of its own (its network is not the player's). */
async function operatorConsole(browser: Browser, app: App): Promise<Page> {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(`${app.url}/sandbox/cs`)
  return page
}

const post = (app: App, path: string, body: unknown) => fetch(`${app.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })

test('a member chats from the right bar, the operator answers live; a cut connection loses and doubles nothing', async ({ page, app, browser, context }) => {
  await signedIn(page, app.url, demo)
  const scripts: string[] = []
  page.on('request', (r) => void (r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname)))
  const chatCode = () => scripts.filter((p) => /\/(ServiceHost|ChatRoom)\.[\w-]+\.js$/.test(p))
  await page.goto('/')
  const bar = await rightBar(page)
  // The chat costs nothing until clicked: its code loads then.
  expect(chatCode()).toEqual([])
  await bar.getByRole('button', { name: 'Chat room' }).click()
  const chat = page.getByRole('dialog', { name: 'Chat room' })
  // The press loads the bar's code, then the chat's: on a loaded machine longer than a default wait.
  await expect.poll(() => chatCode().length, { timeout: 30_000 }).toBe(2)
  await expect(chat.getByRole('status')).toContainText('Connected', { timeout: 15_000 })
  const hostile = '<script>alert(1)</script> Where is my deposit?'
  await chat.getByLabel('Message').fill(hostile)
  await chat.getByRole('button', { name: 'Send' }).click()
  const log = chat.getByRole('log', { name: 'Conversation' })
  await expect(log.getByText(hostile)).toBeVisible()
  await expect(chat.getByLabel('Message')).toHaveValue('')

  const operator = await operatorConsole(browser, app)
  await operator.getByRole('button', { name: /demo01/ }).click()
  await expect(operator.getByRole('list', { name: 'Messages' }).getByText(hostile)).toBeVisible()
  await operator.getByLabel('Reply').fill('Hello! <b>We are on it</b>')
  await operator.getByRole('button', { name: 'Send reply' }).click()
  await expect(log.getByText('Hello! <b>We are on it</b>')).toBeVisible({ timeout: 15_000 })

  // The player's network goes away; the operator answers twice meanwhile; it comes back.
  await context.setOffline(true)
  await expect(chat.getByRole('status')).toContainText('Connection lost', { timeout: 15_000 })
  for (const reply of ['First while you were away', 'Second while you were away']) {
    await operator.getByLabel('Reply').fill(reply)
    await operator.getByRole('button', { name: 'Send reply' }).click()
    await expect(operator.getByRole('list', { name: 'Messages' }).getByText(reply)).toBeVisible()
  }
  await context.setOffline(false)
  await expect(chat.getByRole('status')).toContainText('Connected', { timeout: 20_000 })
  await expect(log.getByText('Second while you were away')).toBeVisible({ timeout: 15_000 })
  const bodies = await log.locator('.lk-chat__text').allTextContents()
  expect(bodies).toEqual([hostile, 'Hello! <b>We are on it</b>', 'First while you were away', 'Second while you were away'])

  // Closed, a reply counts on the right bar; opening the chat clears it.
  await chat.getByRole('button', { name: 'Close' }).click()
  await operator.getByLabel('Reply').fill('Anything else?')
  await operator.getByRole('button', { name: 'Send reply' }).click()
  await expect(page.getByRole('button', { name: 'Chat room (1)' })).toBeVisible({ timeout: 15_000 })
  await page.getByRole('button', { name: 'Chat room (1)' }).click()
  await expect(log.getByText('Anything else?')).toBeVisible()
  await expect(page.getByTestId('chat-unread')).toHaveCount(0)

  // After a reload the history is there, each message once.
  await page.reload()
  await (await rightBar(page)).getByRole('button', { name: 'Chat room' }).click()
  await expect(log.locator('.lk-chat__text')).toHaveText([...bodies, 'Anything else?'], { timeout: 15_000 })
  await operator.context().close()
})

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

  test('a guest chats in Spanish with a name; empty and over-long messages are refused with the text kept', async ({ page, app, browser }) => {
    await page.goto('/es/')
    await (await rightBar(page)).getByRole('button', { name: 'Sala de chat' }).click()
    const chat = page.getByRole('dialog', { name: 'Sala de chat' })
    await chat.getByRole('button', { name: 'Empezar chat' }).click()
    await expect(chat.getByText('Introduzca su nombre.')).toBeVisible()
    await chat.getByLabel('Su nombre').fill('Ana <i>García</i>')
    await chat.getByRole('button', { name: 'Empezar chat' }).click()
    await expect(chat.getByRole('status')).toContainText('Conectado', { timeout: 15_000 })
    await chat.getByRole('button', { name: 'Enviar' }).click()
    await expect(chat.getByText('Escriba un mensaje primero.')).toBeVisible()
    const long = 'x'.repeat(501)
    await chat.getByLabel('Mensaje').fill(long)
    await chat.getByRole('button', { name: 'Enviar' }).click()
    await expect(chat.getByText('Los mensajes pueden tener como máximo 500 caracteres.')).toBeVisible()
    await expect(chat.getByLabel('Mensaje')).toHaveValue(long)
    await chat.getByLabel('Mensaje').fill('¿Hay bonos hoy?')
    await chat.getByRole('button', { name: 'Enviar' }).click()
    await expect(chat.getByRole('log').getByText('¿Hay bonos hoy?')).toBeVisible()
    // Nothing of the dialog leaves the 390 px screen.
    const box = await chat.boundingBox()
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 390).toBe(true)

    const operator = await operatorConsole(browser, app)
    const conversation = operator.getByRole('button', { name: /Ana <i>García<\/i> \(guest\)/ })
    await expect(conversation).toBeVisible()
    await conversation.click()
    await operator.getByLabel('Reply').fill('¡Sí, mire las promociones!')
    await operator.getByRole('button', { name: 'Send reply' }).click()
    await expect(chat.getByRole('log').getByText('¡Sí, mire las promociones!')).toBeVisible({ timeout: 15_000 })
    await operator.context().close()
  })

  test('the speed test lists the routes with times in Spanish, the slow one timed out and the fastest marked', async ({ page }) => {
    await page.goto('/es/')
    await (await rightBar(page)).getByRole('button', { name: 'Prueba de velocidad' }).click()
    const dialog = page.getByRole('dialog', { name: 'Prueba de velocidad' })
    await expect(dialog.getByRole('button', { name: 'Probar de nuevo' })).toBeEnabled({ timeout: 30_000 })
    await expect(dialog.getByRole('row', { name: /www1\.lobbykit\.example \d+ ms/ })).toBeVisible()
    await expect(dialog.getByRole('row', { name: /www4\.lobbykit\.example Tiempo agotado/ })).toBeVisible()
    await expect(dialog.getByRole('row', { name: /app1\.lobbykit\.example \d+ ms/ })).toBeVisible()
    await expect(dialog.getByText('La más rápida')).toHaveCount(1)
    await dialog.getByRole('button', { name: 'Probar de nuevo' }).click()
    await expect(dialog.getByRole('button', { name: 'Probar de nuevo' })).toBeDisabled()
    await expect(dialog.getByRole('button', { name: 'Probar de nuevo' })).toBeEnabled({ timeout: 30_000 })
  })
})

test('the speed test lists the routes with times in English', async ({ page }) => {
  await page.goto('/')
  await (await rightBar(page)).getByRole('button', { name: 'Speed test' }).click()
  const dialog = page.getByRole('dialog', { name: 'Speed test' })
  await expect(dialog.getByRole('button', { name: 'Test again' })).toBeEnabled({ timeout: 30_000 })
  await expect(dialog.getByRole('row', { name: /www2\.lobbykit\.example \d+ ms/ })).toBeVisible()
  await expect(dialog.getByRole('row', { name: /www4\.lobbykit\.example Timed out/ })).toBeVisible()
  await expect(dialog.getByText('Fastest')).toHaveCount(1)
})

test('a platform message is read and the unread badges drop, in the header and the member centre', async ({ page, app }) => {
  await post(app, '/sandbox/admin/messages', { to: 'demo01', title: 'Weekend bonus', body: '<p>Claim <b>50%</b> more<img src=x onerror=alert(1)></p>' })
  await signedIn(page, app.url, demo)
  await page.goto('/')
  // The label names a count once the platform answered (the seeded welcome message and this one).
  const header = page.getByRole('button', { name: /^Platform messages: [1-9]\d* unread$/ })
  await expect(header).toBeVisible({ timeout: 30_000 })
  const before = Number((await header.getAttribute('aria-label'))?.match(/(\d+) unread/)?.[1])
  expect(before).toBeGreaterThanOrEqual(1)
  await header.click()
  const centre = page.getByRole('dialog', { name: 'Member centre' })
  await expect(centre.locator('[data-page="messageV2"] .lk-centre__badge')).toContainText(String(before))
  const message = centre.getByRole('button', { name: /^(Unread: )?Weekend bonus \d/ })
  await expect(message).toBeVisible({ timeout: 15_000 })
  await message.click()
  await expect(centre.locator('.lk-messages__body b')).toHaveText('50%')
  await expect(centre.locator('.lk-messages__body img[onerror]')).toHaveCount(0)
  await expect(page.getByRole('button', { name: `Platform messages: ${before - 1} unread` })).toBeAttached()
  if (before > 1) await centre.getByRole('button', { name: 'Mark all as read' }).click()
  await expect(page.getByRole('button', { name: 'Platform messages: 0 unread' })).toBeAttached()
  await expect(page.getByTestId('messages-unread')).toHaveCount(0)
  await expect(centre.locator('[data-page="messageV2"] .lk-centre__badge')).toHaveCount(0)
})

test('feedback with two images is sent and answered from the console, in Spanish at 390 px', async ({ page, app, browser }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await signedIn(page, app.url, demo)
  await page.goto('/es/')
  await (await rightBar(page)).getByRole('button', { name: 'Comentarios' }).click()
  const dialog = page.getByRole('dialog', { name: 'Comentarios' })
  await expect(dialog.getByText('Aún no ha enviado comentarios.')).toBeVisible({ timeout: 15_000 })
  await dialog.getByRole('button', { name: 'Enviar comentarios' }).click()
  await expect(dialog.getByText('Elija un tipo de consulta.')).toBeVisible()
  await dialog.getByLabel('Tipo de consulta').selectOption('GAME')
  await dialog.getByLabel('Descripción').fill('corto')
  await dialog.getByRole('button', { name: 'Enviar comentarios' }).click()
  await expect(dialog.getByText('Descríbalo con al menos 10 caracteres.')).toBeVisible()
  await dialog.getByLabel('Descripción').fill('El juego <b>Fish</b> se congela')
  const files = dialog.getByLabel('Añadir imágenes')
  await files.setInputFiles([
    { name: 'uno.png', mimeType: 'image/png', buffer: png },
    { name: 'dos.png', mimeType: 'image/png', buffer: png },
    { name: 'tres.png', mimeType: 'image/png', buffer: png },
  ])
  await expect(dialog.getByRole('img', { name: /Vista previa de/ })).toHaveCount(3)
  await dialog.getByRole('button', { name: 'Quitar la imagen tres.png' }).click()
  await expect(dialog.getByRole('img', { name: /Vista previa de/ })).toHaveCount(2)
  await dialog.getByLabel('Añadir imágenes').setInputFiles({ name: 'nota.txt', mimeType: 'text/plain', buffer: Buffer.from('hola') })
  await expect(dialog.getByText('Las imágenes deben ser PNG o JPG.')).toBeVisible()
  await dialog.getByRole('button', { name: 'Enviar comentarios' }).click()
  await expect(dialog.getByText('¡Gracias! Sus comentarios se han enviado.')).toBeVisible({ timeout: 15_000 })
  const mine = dialog.getByRole('region', { name: 'Sus comentarios' })
  await expect(mine.getByText('El juego <b>Fish</b> se congela')).toBeVisible()
  await expect(mine.getByRole('img', { name: /Imagen \d de sus comentarios/ })).toHaveCount(2)
  await expect(mine.getByText('Esperando respuesta')).toBeVisible()

  const operator = await operatorConsole(browser, app)
  const item = operator.getByRole('article', { name: /Feedback \d+/ }).filter({ hasText: 'El juego <b>Fish</b> se congela' })
  await expect(item.getByRole('img')).toHaveCount(2)
  await item.getByLabel(/Answer to feedback/).fill('Lo hemos corregido, gracias.')
  await item.getByRole('button', { name: 'Send answer' }).click()
  await expect(operator.getByText('Answer: Lo hemos corregido, gracias.')).toBeVisible()
  await operator.context().close()

  // Opened again, the form shows the answer.
  await dialog.getByRole('button', { name: 'Cerrar' }).click()
  await (await rightBar(page)).getByRole('button', { name: 'Comentarios' }).click()
  await expect(mine.getByText('Lo hemos corregido, gracias.')).toBeVisible({ timeout: 15_000 })
})

test('the help centre lists the platform entries in the page language and searches them', async ({ page }) => {
  await page.goto('/es/help')
  const help = page.getByRole('region', { name: 'Más respuestas' })
  // Below the editors' topics: it loads when the visitor scrolls to it.
  await help.scrollIntoViewIfNeeded()
  await expect(help.getByText('¿Cómo deposito?')).toBeVisible({ timeout: 30_000 })
  await help.getByLabel('Buscar en la ayuda').fill('retiro')
  await expect(help.locator('summary')).toHaveText(['¿Cómo retiro?'])
  await help.getByLabel('Buscar en la ayuda').fill('zzzz')
  await expect(help.getByText('Ninguna respuesta coincide con su búsqueda.')).toBeVisible()
})

test('the chat room, feedback and speed test pass axe at 390 px', async ({ page, app }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await signedIn(page, app.url, demo)
  await page.goto('/')
  const found: Record<string, string[]> = {}
  for (const [button, modal, ready] of [
    ['Chat room', 'chatRoom', 'Connected'],
    ['Feedback', 'feedback', 'Send feedback'],
    ['Speed test', 'speedTest', 'Test again'],
  ] as const) {
    // On a phone the bar folds again once a tool is picked: unfold it for each.
    await (await rightBar(page)).getByRole('button', { name: button }).click()
    const dialog = page.locator(`[data-modal="${modal}"]`)
    await expect(dialog.getByText(ready).first()).toBeVisible({ timeout: 20_000 })
    const lines = await axeViolations(page, `[data-modal="${modal}"]`)
    if (lines.length) found[modal] = lines
    await dialog.getByRole('button', { name: 'Close' }).click()
  }
  expect(found).toEqual({})
})
