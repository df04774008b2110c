import { formatAmount } from '../../sdk/format/index.ts'
import { htmlLang } from '../../sdk/i18n/index.ts'
import { $jackpot } from '../../sdk/shell/jackpot.ts'
import { LobbykitElement } from './element.ts'

/**
 * The rolling jackpot counter of the brand's games pages. Plain DOM, no React: a page with only a
 * jackpot loads a few kilobytes. The counter ticks while the element is in the page and stops when
 * it is removed.
 *
 * @summary The rolling jackpot counter.
 * @csspart jackpot - The counter's box.
 * @csspart label - The "Jackpot" label.
 * @csspart value - The amount.
 */
export class LkJackpot extends LobbykitElement {
  static override stylesheetFile = true
  protected override namespaces = ['common', 'shell'] as const
  #stops: (() => void)[] = []
  #label: HTMLElement | undefined
  #value: HTMLElement | undefined
  #box: HTMLElement | undefined

  override connectedCallback(): void {
    super.connectedCallback()
    // The server's first paint that the loader placed (the same markup): its nodes are taken over.
    const painted = [...this.renderRoot.children].find((el) => el.hasAttribute('data-lk-first-paint'))
    const box = painted?.querySelector<HTMLElement>(':scope > section.lk-jackpot')
    if (painted && !this.#box && box) {
      painted.replaceWith(box)
      this.#box = box
      this.#label = box.querySelector<HTMLElement>('.lk-jackpot__label') ?? undefined
      this.#value = box.querySelector<HTMLElement>('.lk-jackpot__value') ?? undefined
    } else painted?.remove()
    delete (this as unknown as Record<symbol, unknown>)[Symbol.for('lobbykit.firstPaint')]
    if (!this.#box) {
      this.#box = document.createElement('section')
      this.#box.className = 'lk-jackpot'
      this.#box.setAttribute('part', 'root jackpot')
      this.#label = document.createElement('span')
      this.#label.className = 'lk-jackpot__label'
      this.#label.setAttribute('part', 'label')
      this.#value = document.createElement('output')
      this.#value.className = 'lk-jackpot__value'
      this.#value.setAttribute('part', 'value')
      this.#box.append(this.#label, this.#value)
      this.renderRoot.append(this.#box)
    }
    // The store's timer runs while someone listens: here, while the element is in the page.
    this.#stops = [
      $jackpot.subscribe((value) => {
        // Separators of the element's own language (SPEC §9), as the site's counter shows them.
        if (this.#value) this.#value.textContent = formatAmount(value, htmlLang(this.shownLanguage ?? this.language))
      }),
    ]
  }

  protected override textsLoaded(): void {
    this.requestUpdate()
  }

  /** Labels in the element's language (after a `lang` change, once its texts are there). */
  protected override updated(): void {
    // The label waits for its text (see `textsReady`); the amount shows at once.
    if (!this.textsReady) return
    const label = this.t('shell_jackpot')
    if (this.#label) this.#label.textContent = label
    this.#box?.setAttribute('aria-label', label)
    this.ready()
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    for (const stop of this.#stops) stop()
    this.#stops = []
  }
}
