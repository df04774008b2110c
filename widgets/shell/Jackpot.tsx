import './shell.css'
import { useStore } from '@nanostores/react'
import { formatAmount } from '../../sdk/format/index.ts'
import { htmlLang, $locale } from '../../sdk/i18n/index.ts'
import { $jackpot } from '../../sdk/shell/index.ts'
import { useT } from '../ui/index.ts'

/**
 * The rolling jackpot counter of /rng and the home page (+165.11 every 3 s from a time-derived start),
 * as the server draws it: the shell's script keeps the amount marked `data-lean-jackpot` rolling
 * (site/components/lean/jackpot.ts), with no React in the browser.
 */
export function Jackpot() {
  const t = useT()
  const value = useStore($jackpot)
  const locale = htmlLang(useStore($locale))
  return (
    <section className="lk-jackpot lk-container" aria-label={t('shell_jackpot')}>
      <span className="lk-jackpot__label">{t('shell_jackpot')}</span>
      <output className="lk-jackpot__value" part="value" data-lean-jackpot="">
        {formatAmount(value, locale)}
      </output>
    </section>
  )
}
