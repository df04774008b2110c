import { formatAmount } from '../../../sdk/format/index.ts'
import { $locale, htmlLang } from '../../../sdk/i18n/index.ts'
import { $jackpot } from '../../../sdk/shell/jackpot.ts'

/**
 * The rolling jackpot counters the server drew (widgets/shell/Jackpot.tsx, `data-lean-jackpot`), kept
 * rolling without React: each amount in the page's language, as the embed's `lk-jackpot` does.
 */
export function startJackpots(values: readonly HTMLElement[]): void {
  const draw = () => {
    const text = formatAmount($jackpot.get(), htmlLang($locale.get()))
    for (const value of values) value.textContent = text
  }
  // The store's timer runs while someone listens: here, for the page's life.
  $jackpot.subscribe(draw)
  $locale.subscribe(draw)
}
