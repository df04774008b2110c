import { $locale } from '../i18n/index.ts'

/** Identity providers of third-party sign-in and phone auth. */
export type IdpProvider = 'google' | 'facebook' | 'phone'

/** What the sign-in popup gave back. */
export type IdpResult = { idToken: string } | { error: 'popup_blocked' | 'popup_closed' | 'cancelled' }

/** Path of the identity provider's authorize page (the sandbox dev provider outside production). */
export const idpAuthorizePath = '/sandbox/idp/authorize'

/** Size of the sign-in popup window. */
const popupFeatures = 'popup=yes,width=480,height=640'

/** URL of the authorize page for `provider`, naming this page's exact origin as the reply target. */
export function idpUrl(provider: IdpProvider, phone?: { dial: string; mobile: string }): string {
  const params = new URLSearchParams({ provider, origin: location.origin, lang: $locale.get() })
  if (phone) {
    params.set('dial', phone.dial)
    params.set('phone', phone.mobile)
  }
  return `${idpAuthorizePath}?${params}`
}

interface IdpMessage {
  type: 'lk:idp'
  provider: IdpProvider
  idToken?: string
  error?: string
}

const isIdpMessage = (data: unknown, provider: IdpProvider): data is IdpMessage =>
  typeof data === 'object' && data !== null && (data as IdpMessage).type === 'lk:idp' && (data as IdpMessage).provider === provider

/**
 * Opens the provider's sign-in popup and waits for its ID token. Only a message from this page's own
 * origin and from that very popup is accepted. Call it straight from a click so the popup is allowed.
 */
export function requestIdToken(provider: IdpProvider, phone?: { dial: string; mobile: string }): Promise<IdpResult> {
  const popup = window.open(idpUrl(provider, phone), `lk-idp-${provider}`, popupFeatures)
  if (!popup) return Promise.resolve({ error: 'popup_blocked' })
  return new Promise((resolve) => {
    let done = false
    const finish = (result: IdpResult): void => {
      if (done) return
      done = true
      window.removeEventListener('message', onMessage)
      clearInterval(watch)
      resolve(result)
    }
    const onMessage = (event: MessageEvent): void => {
      if (event.origin !== location.origin || event.source !== popup || !isIdpMessage(event.data, provider)) return
      if (typeof event.data.idToken === 'string' && event.data.idToken) finish({ idToken: event.data.idToken })
      else finish({ error: 'cancelled' })
    }
    window.addEventListener('message', onMessage)
    // A popup closed by hand sends nothing; the grace period lets a just-posted token arrive first.
    const watch = setInterval(() => {
      if (popup.closed) setTimeout(() => finish({ error: 'popup_closed' }), 300)
    }, 400)
  })
}
