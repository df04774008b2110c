import { useStore } from '@nanostores/react'
import { formatDate } from '../../sdk/dates/index.ts'
import { formatMoney } from '../../sdk/format/index.ts'
import { $sessionFigures, formatElapsed } from '../../sdk/protect/index.ts'
import { useT } from '../ui/index.ts'

/** What {@link ResponsibleBar} shows once loaded: elapsed time, net position, the stake limit left. */
export default function ResponsibleBarView() {
  const t = useT()
  const figures = useStore($sessionFigures)
  if (!figures) return null
  const room = figures.clock.stakeRoom
  return (
    <section className="lk-rg-bar" aria-label={t('rg_bar_label')} style={{ display: 'flex', flexWrap: 'wrap', gap: '0.25rem 1rem', padding: '0.25rem 0', fontSize: '0.875rem' }}>
      <span role="timer" aria-live="off">
        {t('rg_bar_elapsed', { elapsed: formatElapsed(figures.elapsed) })}
      </span>
      <span>{t('rg_bar_net', { net: formatMoney(figures.net) })}</span>
      {room && <span>{t('rg_bar_room', { limit: t(`rg_${room.period}_${room.kind}`), left: formatMoney(room.left), date: formatDate(room.resetsAt) })}</span>}
    </section>
  )
}
