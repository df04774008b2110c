import { formatDate, zoneLabel } from '../../sdk/dates/index.ts'
import { useStore } from '@nanostores/react'
import { useState, type FormEvent } from 'react'
import type { Downline } from '../../sdk/contract/index.ts'
import { $downlineQuery, $downlines, $termsByDownline, downlinePage, loadDownlines, openDownline, searchDownlines, showMemberRows } from '../../sdk/agent/index.ts'
import { useT } from '../ui/index.ts'
import { Field } from '../ui/Field.tsx'
import { Notice, Pager, money } from '../member/controls.tsx'
import { ContractTerms } from './ContractTerms.tsx'
import { Crumbs } from './Crumbs.tsx'
import { OfferForm } from './OfferForm.tsx'
import { TransferForm } from './TransferForm.tsx'
import { LoadStates } from '../ui/LoadStates.tsx'
import { Facts } from '../member/table.tsx'

/** Downline management (downlineManagmentView): the tree with breadcrumbs into sub-agents, search, balance and last login, and contract offers to direct downline agents. */
export function Downlines() {
  const t = useT()
  const query = useStore($downlineQuery)
  const page = useStore($downlines)
  const [term, setTerm] = useState(query.search ?? '')
  const [offerTo, setOfferTo] = useState<Downline | null>(null)
  const [payTo, setPayTo] = useState<Downline | null>(null)
  const [sentTo, setSentTo] = useState<string | null>(null)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    searchDownlines(term)
  }
  const crumbs = page.data?.breadcrumbs ?? []
  return (
    <div className="lk-money__stack">
      <form className="lk-money__filters" role="search" onSubmit={submit}>
        <Field labelKey="agent_search" type="search" value={term} maxLength={32} onChange={(e) => setTerm(e.target.value)} />
        <button type="submit" className="lk-button lk-button--primary">
          {t('agent_search_go')}
        </button>
      </form>
      {!query.search && <Crumbs list={crumbs} onOpen={(id, i) => openDownline(i === 0 ? undefined : id)} />}
      <LoadStates
        state={page}
        onRetry={() => void loadDownlines()}
        rows={5}
        empty={(data) => data.list.length === 0}
        emptyKey={query.search ? 'agent_search_none' : 'agent_downlines_none'}
      >
        {(data) => (
          <>
            <ul className="lk-money__list" aria-busy={page.loading}>
              {data.list.map((d) => (
                <DownlineItem
                  key={d.id}
                  downline={d}
                  paying={payTo?.id === d.id}
                  offering={offerTo?.id === d.id}
                  sent={sentTo === d.id}
                  onPay={() => setPayTo(payTo?.id === d.id ? null : d)}
                  onOffer={() => {
                    setSentTo(null)
                    setOfferTo(offerTo?.id === d.id ? null : d)
                  }}
                  onOfferDone={(sent) => {
                    setOfferTo(null)
                    setSentTo(sent ? d.id : null)
                  }}
                />
              ))}
            </ul>
            <Pager page={data.page} totalPages={data.totalPages} onGo={downlinePage} disabled={page.loading} />
          </>
        )}
      </LoadStates>
    </div>
  )
}

/** Props of {@link DownlineItem}: the downline, which of its forms is open, and what opens and closes them. */
interface DownlineItemProps {
  downline: Downline
  paying: boolean
  offering: boolean
  /** Its offer was just sent. */
  sent: boolean
  onPay: () => void
  onOffer: () => void
  onOfferDone: (sent?: boolean) => void
}

/** One downline: who, where in the tree, balance and last login, its reports, and for a direct downline the transfer and the offer. */
function DownlineItem({ downline: d, paying, offering, sent, onPay, onOffer, onOfferDone }: DownlineItemProps) {
  const t = useT()
  return (
    <li className="lk-money__item">
      <div className="lk-money__row">
        <strong>{d.username}</strong>
        <span className="lk-money__tag">
          {t(d.isAgent ? 'agent_kind_agent' : 'agent_kind_member')} · {t('agent_level', { level: d.level })}
        </span>
      </div>
      {d.path && (
        <p className="lk-money__meta lk-agent__path">
          <span className="lk-visually-hidden">{t('agent_path')} </span>
          {d.path.join(' › ')}
        </p>
      )}
      <Facts
        items={[
          { labelKey: 'agent_balance', text: money(d.balance) },
          { labelKey: 'agent_last_login', text: d.lastLoginAt ? `${formatDate(d.lastLoginAt)} (${zoneLabel()})` : t('agent_never') },
          ...(d.isAgent ? [{ labelKey: 'agent_direct_downlines', text: d.teamSize }] : []),
        ]}
      />
      <div className="lk-money__actions">
        <button type="button" className="lk-button" onClick={() => showMemberRows('bets', d.username)} aria-label={t('agent_bets_of', { name: d.username })}>
          {t('agent_bets_link')}
        </button>
        <button type="button" className="lk-button" onClick={() => showMemberRows('transactions', d.username)} aria-label={t('agent_transactions_of', { name: d.username })}>
          {t('agent_transactions_link')}
        </button>
        {d.isAgent && (
          <button type="button" className="lk-button" onClick={() => openDownline(d.id)} aria-label={t('agent_open_named', { name: d.username })}>
            {t('agent_open')}
          </button>
        )}
        {d.level === 1 && (
          <button type="button" className="lk-button" aria-expanded={paying} onClick={onPay} aria-label={t('agent_transfer_named', { name: d.username })}>
            {t('agent_transfer')}
          </button>
        )}
        {d.isAgent && d.level === 1 && (
          <button type="button" className="lk-button" aria-expanded={offering} onClick={onOffer} aria-label={t('agent_offer_named', { name: d.username })}>
            {t('agent_offer')}
          </button>
        )}
      </div>
      {paying && <TransferForm downline={d} />}
      {d.isAgent && d.level === 1 && <DownlineContracts downline={d} />}
      {sent && <Notice text={t('agent_offer_sent_pending', { name: d.username })} />}
      {offering && <OfferForm downline={d} onDone={onOfferDone} />}
    </li>
  )
}

/** The terms a direct downline agent works under (paid until replaced or ended), and the offers awaiting its answer. */
function DownlineContracts({ downline }: { downline: Downline }) {
  const t = useT()
  const terms = useStore($termsByDownline).get(downline.id)
  if (!terms) return <p className="lk-money__meta">{t('agent_terms_none')}</p>
  return (
    <dl className="lk-money__facts lk-agent__terms">
      {(['live', 'pending'] as const).flatMap((state) =>
        terms[state].map((c) => (
          <div key={c.id}>
            <dt>{t(`agent_terms_${state}`, { kind: t(`agent_kind_${c.kind}`) })}</dt>
            <dd>
              <ContractTerms contract={c} />
            </dd>
          </div>
        )),
      )}
    </dl>
  )
}
