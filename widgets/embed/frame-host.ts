/**
 * Base of `lk-register` and `lk-login`: a frame served by the brand origin holds the form, so
 * passwords, captchas and SMS codes never touch the partner page. The frame sizes itself (no inner
 * scroll bars) and tells the element when a player signed up or in, with a chosen username only (never a phone number).
 * @module
 */
import { brandWire } from '../../sdk/brand/index.ts'
import { LobbykitElement } from './element.ts'
import { emit } from './events.ts'
import { framePath, isFrameMessage, tokenNames, type FrameKind, type HostMessage } from './protocol.ts'
import { islandStyles } from './styles.ts'

const frameCss = `iframe{display:block;width:100%;min-height:320px;border:0;background:transparent;color-scheme:normal}`

/**
 * A brand-hosted form in a frame.
 *
 * @event lk:resize - The frame changed height to fit its content. `detail: { height }`.
 * @csspart frame - The frame (size, border, shadow).
 */
export class FrameElement extends LobbykitElement {
  static override styles = islandStyles(frameCss)
  protected kind: FrameKind = 'register'
  protected override namespaces = ['common', 'embed'] as const
  #frame: HTMLIFrameElement | undefined
  #onMessage = (event: MessageEvent) => this.#receive(event)

  override connectedCallback(): void {
    super.connectedCallback()
    window.addEventListener('message', this.#onMessage)
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    window.removeEventListener('message', this.#onMessage)
  }

  /** The frame's address: the page's origin (the frame's only correspondent), language, theme, code. */
  get frameSrc(): string {
    const url = new URL(framePath(this.kind), this.platformOrigin)
    url.searchParams.set('origin', window.location.origin)
    url.searchParams.set('lang', this.language)
    if (this.theme) url.searchParams.set('theme', this.theme)
    if (this.affiliate) url.searchParams.set('affiliateCode', this.affiliate)
    // Kept in the registration's address: the brand counts the sign-up for this placement.
    if (this.subId) url.searchParams.set('subId', this.subId)
    return url.href
  }

  protected override textsLoaded(): void {
    this.requestUpdate()
  }

  protected override update(changed: Map<PropertyKey, unknown>): void {
    super.update(changed)
    if (!this.#frame) {
      this.#frame = document.createElement('iframe')
      this.#frame.setAttribute('part', 'root frame')
      this.#frame.addEventListener('load', () => this.ready(), { once: true })
      // Each load of the form gets the partner's design tokens (they do not inherit into a frame).
      this.#frame.addEventListener('load', () => this.#sendAppearance())
    }
    this.#frame.title = this.t(this.kind === 'register' ? 'embed_frame_label_register' : 'embed_frame_label_login', { brand: brandWire.merchant })
    // Attribute changes (language, theme, code) load the form again with them.
    const src = this.frameSrc
    if (this.#frame.src !== src) this.#frame.src = src
    // Placed once it has its address: a frame placed without one loads about:blank first, which would
    // count as ready and be posted the appearance for the brand's origin (a console error on the host).
    if (!this.#frame.isConnected) this.renderRoot.append(this.#frame)
  }

  /**
   * The `--lk-*` values the partner's page gives this element (on `:root`, an ancestor or the element
   * itself), posted to the frame on the brand origin, which applies them to the form.
   */
  #sendAppearance(): void {
    const frame = this.#frame?.contentWindow
    if (!frame) return
    const style = getComputedStyle(this)
    const tokens: Record<string, string> = {}
    for (const name of tokenNames) {
      const value = style.getPropertyValue(`--lk-${name}`).trim()
      if (value) tokens[name] = value
    }
    const message: HostMessage = { lobbykit: 1, type: 'appearance', tokens }
    frame.postMessage(message, this.platformOrigin)
  }

  #receive(event: MessageEvent): void {
    // Only the frame this element made, from the brand origin, is listened to.
    if (!this.#frame || event.source !== this.#frame.contentWindow || event.origin !== this.platformOrigin) return
    const message = event.data as unknown
    if (!isFrameMessage(message)) return
    switch (message.type) {
      case 'resize': {
        const height = Math.max(0, Math.ceil(message.height))
        this.#frame.style.height = `${height}px`
        emit(this, 'lk:resize', { height })
        return
      }
      case 'registered':
        emit(this, 'lk:registered', message.method === 'username' && message.username ? { method: 'username', username: message.username } : { method: 'mobile' })
        return
      case 'login':
        emit(this, 'lk:login', message.username ? { username: message.username } : {})
        return
      case 'error':
        this.fail(message.code, message.message)
    }
  }
}
