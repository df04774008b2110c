import { useStore } from '@nanostores/react'
import { zoneLabel } from '../../sdk/dates/index.ts'
import { $embedFunnel, $funnelPeriod, exportEmbedFunnel, loadEmbedFunnel, setFunnelPeriod } from '../../sdk/agent/index.ts'
import { useT } from '../ui/index.ts'
import { Figures, DataTable } from '../member/table.tsx'
import { Section } from '../member/controls.tsx'
import { ExportCsv } from './ExportCsv.tsx'
import { PeriodPicker } from './PeriodPicker.tsx'
import { LoadStates } from '../ui/LoadStates.tsx'

/**
 * What the agent's embedded elements brought: impressions, game clicks, registrations and
 * first deposits per invitation code, partner sub-id and day, with the period's totals and a CSV.
 */
export function EmbedFunnel() {
  const t = useT()
  const period = useStore($funnelPeriod)
  const funnel = useStore($embedFunnel)
  return (
    <Section id="lk-embed-funnel" className="lk-money__stack" title={t('embed_funnel_title')}>
      <p className="lk-money__meta">{t('embed_funnel_note')}</p>
      <PeriodPicker period={period} onChange={setFunnelPeriod} />
      <LoadStates state={funnel} onRetry={() => void loadEmbedFunnel()} empty={(data) => data.rows.length === 0} emptyKey="embed_funnel_empty">
        {(data) => (
          <>
            <Figures
              items={[
                { labelKey: 'embed_funnel_impressions', text: data.totals.impressions },
                { labelKey: 'embed_funnel_clicks', text: data.totals.clicks },
                { labelKey: 'embed_funnel_registrations', text: data.totals.registrations },
                { labelKey: 'embed_funnel_first_deposits', text: data.totals.firstDeposits },
              ]}
            />
            <DataTable
              caption={t('agent_period_shown_zone', { from: data.from, to: data.to, zone: zoneLabel() })}
              rows={data.rows}
              rowKey={(r) => `${r.day}|${r.code}|${r.subId}`}
              busy={funnel.loading}
              columns={[
                { labelKey: 'agent_date', cell: (r) => r.day },
                { labelKey: 'embed_funnel_code', cell: (r) => r.code },
                { labelKey: 'embed_funnel_sub_id', cell: (r) => r.subId || '—' },
                { labelKey: 'embed_funnel_impressions', numeric: true, cell: (r) => r.impressions },
                { labelKey: 'embed_funnel_clicks', numeric: true, cell: (r) => r.clicks },
                { labelKey: 'embed_funnel_registrations', numeric: true, cell: (r) => r.registrations },
                { labelKey: 'embed_funnel_first_deposits', numeric: true, cell: (r) => r.firstDeposits },
              ]}
            />
            <ExportCsv run={exportEmbedFunnel} />
          </>
        )}
      </LoadStates>
    </Section>
  )
}
