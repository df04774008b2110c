/**
 * Placeholder so the layout can mount the auth host before the accounts engineer's version lands.
 * TODO(issue accounts): replaced by the real login/register/forgot/change-password host.
 */
export function AuthHost(): null {
  return null
}
