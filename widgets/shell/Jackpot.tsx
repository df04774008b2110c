import './shell.css'
import { useStore } from '@nanostores/react'
import { $jackpot } from '../../sdk/shell/index.ts'
import { useT } from '../ui/index.ts'

const format = (value: number) => value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

/** The rolling jackpot counter of /rng (+165.11 every 3 s from a time-derived start). */
export function Jackpot() {
  const t = useT()
  const value = useStore($jackpot)
  return (
    <section className="lk-jackpot lk-container" aria-label={t('shell_jackpot')}>
      <span className="lk-jackpot__label">{t('shell_jackpot')}</span>
      {/* The build-time value differs from the visitor's clock; the text is expected to change. */}
      <output className="lk-jackpot__value" part="value" suppressHydrationWarning>
        {format(value)}
      </output>
    </section>
  )
}
