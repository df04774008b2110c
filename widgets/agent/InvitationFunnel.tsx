import { zoneLabel } from '../../sdk/dates/index.ts'
import { useStore } from '@nanostores/react'
import { $funnelPeriod, $invitationFunnel, exportInvitationFunnel, loadInvitationFunnel, setFunnelPeriod } from '../../sdk/agent/index.ts'
import { EmptyState, useT } from '../ui/index.ts'
import { Section, money } from '../member/controls.tsx'
import { DataTable, Figures } from '../member/table.tsx'
import { ExportCsv } from './ExportCsv.tsx'
import { PeriodPicker } from './PeriodPicker.tsx'
import { LoadStates } from '../ui/LoadStates.tsx'

/**
 * What my links bring: per invitation code (with the agent's label) the link's
 * visits, the embed's impressions and clicks, registrations, first deposits and their amount, and a
 * line per day and code naming who joined, with the period's totals and a CSV.
 */
export function InvitationFunnel() {
  const t = useT()
  const period = useStore($funnelPeriod)
  const funnel = useStore($invitationFunnel)
  const name = (code: string, label: string) => (label ? `${code} · ${label}` : code)
  return (
    <Section id="lk-invite-funnel" className="lk-money__stack" busy={funnel.loading} title={t('agent_links_title')}>
      <p className="lk-money__meta">{t('agent_links_note')}</p>
      <PeriodPicker period={period} onChange={setFunnelPeriod} />
      <LoadStates state={funnel} onRetry={() => void loadInvitationFunnel()}>
        {(data) => (
          <>
            <Figures
              items={[
                { labelKey: 'agent_links_visits', text: data.totals.visits },
                { labelKey: 'agent_links_registrations', text: data.totals.registrations },
                { labelKey: 'agent_links_first_deposits', text: data.totals.firstDeposits },
                { labelKey: 'agent_links_first_amount', text: money(data.totals.firstDepositAmount) },
              ]}
            />
            <DataTable
              caption={t('agent_links_by_code', { from: data.from, to: data.to, zone: zoneLabel() })}
              rows={data.codes}
              rowKey={(c) => c.code}
              columns={[
                { labelKey: 'agent_links_code', cell: (c) => `${name(c.code, c.label)}${c.disabled ? ` (${t('agent_invite_disabled')})` : ''}` },
                { labelKey: 'agent_links_visits', numeric: true, cell: (c) => c.totals.visits },
                { labelKey: 'embed_funnel_impressions', numeric: true, cell: (c) => c.totals.impressions },
                { labelKey: 'embed_funnel_clicks', numeric: true, cell: (c) => c.totals.clicks },
                { labelKey: 'agent_links_registrations', numeric: true, cell: (c) => c.totals.registrations },
                { labelKey: 'agent_links_first_deposits', numeric: true, cell: (c) => c.totals.firstDeposits },
                { labelKey: 'agent_links_first_amount', numeric: true, cell: (c) => money(c.totals.firstDepositAmount) },
              ]}
            />
            {data.rows.length === 0 ? (
              <EmptyState messageKey="agent_links_empty" />
            ) : (
              <DataTable
                caption={t('agent_links_by_day')}
                rows={data.rows}
                rowKey={(r) => `${r.day}|${r.code}`}
                busy={funnel.loading}
                columns={[
                  { labelKey: 'agent_date', cell: (r) => r.day },
                  { labelKey: 'agent_links_code', cell: (r) => name(r.code, r.label) },
                  { labelKey: 'agent_links_visits', numeric: true, cell: (r) => r.visits },
                  { labelKey: 'embed_funnel_impressions', numeric: true, cell: (r) => r.impressions },
                  { labelKey: 'embed_funnel_clicks', numeric: true, cell: (r) => r.clicks },
                  { labelKey: 'agent_links_registrations', numeric: true, cell: (r) => r.registrations },
                  { labelKey: 'agent_links_first_deposits', numeric: true, cell: (r) => r.firstDeposits },
                  { labelKey: 'agent_links_first_amount', numeric: true, cell: (r) => money(r.firstDepositAmount) },
                  { labelKey: 'agent_links_members', cell: (r) => r.members.join(', ') || '—' },
                ]}
              />
            )}
            <ExportCsv run={exportInvitationFunnel} />
          </>
        )}
      </LoadStates>
    </Section>
  )
}
