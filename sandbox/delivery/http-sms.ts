/**
 * The SMS provider over HTTP: each message is one POST of JSON to the provider's address, with the API
 * key in a header. Any answer but 2xx, and no answer within the time-out, fails the send.
 * @module
 */
import { digits } from '../auth/members.ts'
import { DeliveryError, type SmsSender } from './index.ts'

/** Options of {@link httpSms}. */
export interface HttpSmsOptions {
  /** The provider's send address (`https://sms.example.com/v1/messages`). */
  url: string
  /** The API key, sent in {@link HttpSmsOptions.header}. */
  apiKey: string
  /** The header carrying the key (default `X-API-Key`). */
  header?: string
  /** Milliseconds to wait for the answer (default 10 000). */
  timeoutMs?: number
}

/**
 * Creates the HTTP SMS provider. The body it posts:
 * `{ "to": "+639171234567", "countryDialingCode": "63", "mobileNum": "9171234567", "text": "…" }`.
 * @example httpSms({ url: 'https://sms.example.com/v1/messages', apiKey: process.env.SMS_API_KEY! })
 */
export function httpSms(opts: HttpSmsOptions): SmsSender {
  const timeoutMs = opts.timeoutMs ?? 10_000
  const header = opts.header ?? 'X-API-Key'
  return {
    name: 'http',
    async send(message) {
      const dial = digits(message.countryDialingCode)
      const mobile = digits(message.mobileNum)
      let res: Response
      try {
        res = await fetch(opts.url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json', [header]: opts.apiKey },
          body: JSON.stringify({ to: `+${dial}${mobile}`, countryDialingCode: dial, mobileNum: mobile, text: message.text }),
          // A redirect would carry the key to another address.
          redirect: 'error',
          signal: AbortSignal.timeout(timeoutMs),
        })
      } catch (err) {
        const why = (err as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs / 1000} s` : (err as Error).message
        throw new DeliveryError(`The SMS provider could not be reached (${why}).`, { cause: err })
      }
      // The body is not needed; reading it frees the connection.
      await res.arrayBuffer().catch(() => undefined)
      if (!res.ok) throw new DeliveryError(`The SMS provider refused the message: HTTP ${res.status}.`)
    },
  }
}
