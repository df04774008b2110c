import './shell.css'
import { useStore } from '@nanostores/react'
import { formatAmount } from '../../sdk/format/index.ts'
import { htmlLang, $locale } from '../../sdk/i18n/index.ts'
import { $jackpot } from '../../sdk/shell/index.ts'
import { useT } from '../ui/index.ts'

/** The rolling jackpot counter of /rng (+165.11 every 3 s from a time-derived start). */
export function Jackpot() {
  const t = useT()
  const value = useStore($jackpot)
  const locale = htmlLang(useStore($locale))
  return (
    <section className="lk-jackpot lk-container" aria-label={t('shell_jackpot')}>
      <span className="lk-jackpot__label">{t('shell_jackpot')}</span>
      {/* The build-time value differs from the visitor's clock; the text is expected to change. */}
      <output className="lk-jackpot__value" part="value" suppressHydrationWarning>
        {formatAmount(value, locale)}
      </output>
    </section>
  )
}
