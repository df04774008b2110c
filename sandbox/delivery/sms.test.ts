import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { client, inbox, login, setFlag, solvedCaptcha, solvedSlider } from '../auth/testkit.ts'
import { type Sandbox, startSandbox } from '../testing.ts'
import { httpSms } from './http-sms.ts'
import { DeliveryError } from './index.ts'

// SMS codes sent for real: the sandbox's HTTP SMS provider posts to a small local provider on port 0,
// which keeps each request (headers and JSON body) for the test, answers 200, or fails with 500.

const API_KEY = 'sms-test-key-7f3a'

interface Posted {
  headers: IncomingMessage['headers']
  body: { to: string; countryDialingCode: string; mobileNum: string; text: string }
}

let provider: Server
let providerUrl = ''
/** How the provider answers the next request: 200, 500, or never (held until the test ends). */
let mode: 'ok' | 'fail' | 'hang' = 'ok'
const posted: Posted[] = []
const held: ServerResponse[] = []
let sb: Sandbox
let c: ReturnType<typeof client>

beforeAll(async () => {
  provider = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (d: Buffer) => chunks.push(d))
    req.on('end', () => {
      posted.push({ headers: req.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) })
      if (mode === 'hang') return void held.push(res)
      res.writeHead(mode === 'ok' ? 200 : 500, { 'Content-Type': 'application/json' }).end(mode === 'ok' ? '{"id":"m1"}' : '{"error":"gateway down"}')
    })
  })
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve))
  providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/v1/messages`
  sb = await startSandbox({ delivery: { sms: httpSms({ url: providerUrl, apiKey: API_KEY }) }, logger: () => undefined })
  c = client(sb.url)
})
afterAll(async () => {
  for (const res of held) res.destroy()
  await sb?.close()
  provider?.closeAllConnections()
  await new Promise<void>((resolve) => (provider ? provider.close(() => resolve()) : resolve()))
})

/** The code in the newest message the provider received for a number. */
const codeSentTo = (to: string): string => {
  const text = posted.findLast((p) => p.body.to === to)?.body.text ?? ''
  return /\b(\d{6})\b/.exec(text)?.[1] ?? ''
}

describe('SMS codes through the HTTP provider', () => {
  it('posts the code with the API key, in the request’s language, and the code signs the member in', async () => {
    await setFlag(sb.url, 'MOBILEVERCODELOGIN3', true)
    const sent = await c.call('smsLogin', { mobileNum: '9123456789', countryDialingCode: '+63' }, { ip: '10.9.0.1', headers: { Language: 'es' } })
    expect(sent.body.value).toEqual({ expiredMinutes: 5 })
    const got = posted.at(-1)!
    expect(got.headers['x-api-key']).toBe(API_KEY)
    expect(got.headers['content-type']).toBe('application/json')
    expect(got.body).toMatchObject({ to: '+639123456789', countryDialingCode: '63', mobileNum: '9123456789' })
    expect(got.body.text).toMatch(/^Tu código de acceso es \d{6}\. Caduca en 5 minutos\./)
    // Sent for real, so not to the dev inbox.
    expect((await inbox(sb.url)).sms).toEqual([])
    const code = codeSentTo('+639123456789')
    const ok = await c.call('login', { type: 'sms', mobileNum: '9123456789', countryDialingCode: '+63', verificationCode: code }, { ip: '10.9.0.1' })
    expect([ok.body.code, (ok.body.value as { userName: string }).userName]).toEqual(['ok', 'demo01'])
  })

  it('a provider failing with 500: a retryable error, no code left to guess, and the player may ask again at once', async () => {
    mode = 'fail'
    const before = posted.length
    const failed = await c.call('smsLogin', { mobileNum: '9175550101', countryDialingCode: '+63' }, { ip: '10.9.0.2' })
    expect([failed.status, failed.body.code]).toEqual([503, 'busy'])
    expect(failed.body.message).toBe('We could not send the SMS just now. Try again in a moment.')
    expect(failed.body.value).toEqual({ retryAfter: 30 })
    // The provider was asked, and the code it could not send is gone from the platform.
    expect(posted.length).toBe(before + 1)
    const unsent = posted.at(-1)!.body.text.match(/\d{6}/)![0]
    expect(await sb.db.query("SELECT 1 FROM sms_codes WHERE mobile = '9175550101'")).toEqual([])
    const guess = await c.call('login', { type: 'sms', mobileNum: '9175550101', countryDialingCode: '+63', verificationCode: unsent }, { ip: '10.9.0.2' })
    expect(guess.body.code).toBe('sms_code_invalid')

    // The resend limit (one a minute per number) did not count the failed send.
    mode = 'ok'
    const again = await c.call('smsLogin', { mobileNum: '9175550101', countryDialingCode: '+63' }, { ip: '10.9.0.2' })
    expect(again.body.code).toBe('ok')
    const ok = await c.call('login', { type: 'sms', mobileNum: '9175550101', countryDialingCode: '+63', verificationCode: codeSentTo('+639175550101') }, { ip: '10.9.0.2' })
    expect(ok.body.code).toBe('ok')
  })

  it('a mobile sign-up whose password SMS fails creates no account and keeps its code for the retry', async () => {
    await setFlag(sb.url, 'MOBILENUMREG3', true)
    await setFlag(sb.url, 'REGSMS3', true)
    await setFlag(sb.url, 'MOBILENUMPASSREG3', false)
    const ip = '10.9.0.3'
    const mobileNum = '9175557788'
    expect((await c.call('smsRegister', { mobileNum, countryDialingCode: '+63', slider: await solvedSlider(c, { ip }) }, { ip })).body.code).toBe('ok')
    const code = codeSentTo(`+63${mobileNum}`)
    const form = async () => ({
      registerMethod: 'WEB' as const,
      login: true as const,
      termsAccepted: true as const,
      slider: await solvedSlider(c, { ip }),
      ...(await solvedCaptcha(c, sb.url, { ip })),
      mobileNum,
      countryDialingCode: '+63',
      verificationCode: code,
    })
    mode = 'fail'
    const failed = await c.call('registerMobile', await form(), { ip })
    expect([failed.status, failed.body.code]).toEqual([503, 'busy'])
    expect(await sb.db.query('SELECT 1 FROM members WHERE username = $1', [mobileNum])).toEqual([])

    mode = 'ok'
    const ok = await c.call('registerMobile', await form(), { ip })
    expect(ok.body.code).toBe('ok')
    const text = posted.at(-1)!.body.text
    expect(text).toMatch(/^Welcome! Your password is [A-Za-z0-9]{10}\./)
    const password = /is ([A-Za-z0-9]{10})\./.exec(text)![1]
    expect((await login(c, sb.url, mobileNum, password, { ip })).body.code).toBe('ok')
  })
})

describe('the HTTP SMS provider', () => {
  const message = { countryDialingCode: '+63', mobileNum: '917 555 0000', text: 'Your code is 123456.', facts: {} }

  it('refuses a non-2xx answer with an error naming the status and not the key', async () => {
    mode = 'fail'
    const err = await httpSms({ url: providerUrl, apiKey: API_KEY })
      .send(message)
      .catch((e: unknown) => e)
    mode = 'ok'
    expect(err).toBeInstanceOf(DeliveryError)
    expect((err as Error).message).toBe('The SMS provider refused the message: HTTP 500.')
    expect((err as Error).message).not.toContain(API_KEY)
  })

  it('gives up on a provider that does not answer within its time-out', async () => {
    mode = 'hang'
    const err = await httpSms({ url: providerUrl, apiKey: API_KEY, header: 'Authorization-Key', timeoutMs: 200 })
      .send(message)
      .catch((e: unknown) => e)
    mode = 'ok'
    expect(err).toBeInstanceOf(DeliveryError)
    expect((err as Error).message).toBe('The SMS provider could not be reached (no answer within 0.2 s).')
    // The key went in the header it was told to use.
    expect(posted.at(-1)!.headers['authorization-key']).toBe(API_KEY)
  })
})
