/**
 * Masking of account names on public boards (winners, missions, referrals).
 * @module
 */

/** Masks an account name for public boards: `demo01` → `de***01`. */
export function maskAccount(username: string): string {
  if (username.length <= 4) return `${username.slice(0, 1)}***${username.slice(-1)}`
  return `${username.slice(0, 2)}***${username.slice(-2)}`
}
