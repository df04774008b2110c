/**
 * The development implementation of both providers: messages land in the dev inbox
 * (`GET /sandbox/inbox`, absent in production), with the facts tests and people read there.
 * @module
 */
import type { Inbox } from '../inbox.ts'
import type { EmailSender, SmsSender } from './index.ts'

/** Emails into the dev inbox: `to`, `subject`, `text` and the facts (purpose, code or link path, username). */
export const inboxEmail = (inbox: Inbox): EmailSender => ({
  name: 'dev-inbox',
  async send(m) {
    inbox.push('email', { to: m.to, subject: m.subject, text: m.text, ...m.facts })
  },
})

/** SMS into the dev inbox: `mobileNum`, `countryDialingCode`, `text` and the facts (purpose, code or password). */
export const inboxSms = (inbox: Inbox): SmsSender => ({
  name: 'dev-inbox',
  async send(m) {
    inbox.push('sms', { mobileNum: m.mobileNum, countryDialingCode: m.countryDialingCode, text: m.text, ...m.facts })
  },
})
