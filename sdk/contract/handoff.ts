/**
 * The embed handoff's browser binding, written once for both sides (as OAuth's PKCE): the frame that
 * asks for a handoff code makes a random verifier, keeps it, and sends only its challenge
 * (SHA-256, base64url); the code is redeemed only with that verifier, which the frame hands to the tab
 * it opened and to no one else. A code minted by an attacker and sent to a victim as a link is
 * worthless in the victim's browser: no frame there holds its verifier.
 * @module
 */
import * as v from 'valibot'

/** A verifier: 32 random bytes or more, base64url (43–128 characters). */
export const HandoffVerifier = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43,128}$/, 'expected a base64url verifier of 43 to 128 characters'))
/** A challenge: the SHA-256 of a verifier, base64url without padding (43 characters). */
export const HandoffChallenge = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/, 'expected a base64url SHA-256 of 43 characters'))

const base64url = (bytes: Uint8Array): string => {
  let text = ''
  for (const b of bytes) text += String.fromCharCode(b)
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/** A new random verifier (32 bytes, base64url). */
export const newHandoffVerifier = (): string => base64url(crypto.getRandomValues(new Uint8Array(32)))

/** The challenge of a verifier: SHA-256, base64url (Web Crypto, in browsers and Node alike). */
export async function handoffChallenge(verifier: string): Promise<string> {
  return base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))))
}
