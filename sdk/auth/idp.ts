import { $locale } from '../i18n/index.ts'
import { getBaseURL, onPlatform } from '../runtime/index.ts'

/** Identity providers of third-party sign-in and phone auth. */
export type IdpProvider = 'google' | 'facebook' | 'phone'

/**
 * What the sign-in popup gave back. A phone-auth popup's refusal keeps its code (SPEC §7, Firebase-style
 * names without the `auth/` prefix, e.g. `code-expired`); the app maps it to its message.
 */
export type IdpResult = { idToken: string } | { error: string }

/**
 * Path of the platform's sign-in popup: it goes on to the configured OpenID provider (Google, Facebook),
 * or serves the sandbox's dev provider outside production; either way it answers with the same message.
 */
export const idpAuthorizePath = '/sandbox/idp/authorize'

/** Size of the sign-in popup window. */
const popupFeatures = 'popup=yes,width=480,height=640'

/**
 * The platform's origin, from the configuration (`configure({ baseURL })`), the page's own when none is
 * set: the identity provider's page is the platform's, and it posts its token only to its own origin.
 */
export function platformOrigin(): string {
  const base = getBaseURL()
  return base ? new URL(base, location.href).origin : location.origin
}

/** URL of the platform's authorize page for `provider`, naming the platform's exact origin as the reply target. */
export function idpUrl(provider: IdpProvider, phone?: { dial: string; mobile: string }): string {
  const params = new URLSearchParams({ provider, origin: platformOrigin(), lang: $locale.get() })
  if (phone) {
    params.set('dial', phone.dial)
    params.set('phone', phone.mobile)
  }
  return onPlatform(`${idpAuthorizePath}?${params}`)
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
 * Opens the provider's sign-in popup and waits for its ID token. Only a message from the platform's
 * origin and from that very popup is accepted. Call it straight from a click so the popup is allowed.
 */
export function requestIdToken(provider: IdpProvider, phone?: { dial: string; mobile: string }): Promise<IdpResult> {
  const origin = platformOrigin()
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
      if (event.origin !== origin || event.source !== popup || !isIdpMessage(event.data, provider)) return
      if (typeof event.data.idToken === 'string' && event.data.idToken) finish({ idToken: event.data.idToken })
      else finish({ error: (provider === 'phone' && String(event.data.error ?? '').replace('auth/', '')) || 'cancelled' })
    }
    window.addEventListener('message', onMessage)
    // A popup closed by hand sends nothing; the grace period lets a just-posted token arrive first.
    const watch = setInterval(() => {
      if (popup.closed) setTimeout(() => finish({ error: 'popup_closed' }), 300)
    }, 400)
  })
}
