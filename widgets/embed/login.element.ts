import { FrameElement } from './frame-host.ts'

/**
 * Log in to the brand, in a frame served by the brand origin. After sign-in the page gets
 * `lk:login` with the username, and the frame offers "Play now", which opens the brand site signed in.
 *
 * @summary Login form in a brand-hosted frame.
 * @event lk:login - A player signed in. `detail: { username? }` (left out for an account named by its mobile number).
 */
export class LkLogin extends FrameElement {
  protected override kind = 'login' as const
}
