import { FrameElement } from './frame-host.ts'

/**
 * Registration on the brand, in a frame served by the brand origin: username or mobile, the
 * platform's captcha, slide-to-verify and SMS code. With `affiliate-code` the new player joins that
 * agent's downline. After sign-up the page gets `lk:registered` with the username (by mobile: the
 * method only, never the phone number), and the frame
 * offers "Play now", which opens the brand site signed in (single-use handoff code, never a token).
 *
 * @summary Sign-up form in a brand-hosted frame.
 * @event lk:registered - A player signed up. `detail: { method: 'username', username } | { method: 'mobile' }` (never a phone number).
 */
export class LkRegister extends FrameElement {
  protected override kind = 'register' as const
}
