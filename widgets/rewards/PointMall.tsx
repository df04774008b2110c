import './rewards.css'
import { useStore } from '@nanostores/react'
import { useState } from 'react'
import type { ResponseOf } from '../../sdk/contract/index.ts'
import { $mall, $pointsDetails, $redeems, createConvertForm, createRedeemForm } from '../../sdk/rewards/index.ts'
import { $loggedIn } from '../../sdk/stores/index.ts'
import { $moneyProfile } from '../../sdk/money/profile.ts'
import { openCentre } from '../../sdk/centre/index.ts'
import { Field } from '../ui/Field.tsx'
import { useForm } from '../ui/form.ts'
import { Skeleton, useMounted, useT } from '../ui/index.ts'
import { FormRefusal, ItemList, Loaded, money, when } from './parts.tsx'
import { SignInFirst } from './SignInFirst.tsx'
import { Table } from '../ui/Table.tsx'

type Tab = 'rewards' | 'history' | 'details' | 'convert'
const tabs: readonly Tab[] = ['rewards', 'history', 'details', 'convert']

/** The point mall (/pointMall): points balance, rewards to redeem with the payment password, redeem history, points details and conversion to balance. */
export function PointMall() {
  const t = useT()
  const loggedIn = useStore($loggedIn)
  const [tab, setTab] = useState<Tab>('rewards')
  if (!useMounted()) return <Skeleton count={6} height={40} />
  if (!loggedIn) return <SignInFirst messageKey="rewards_mall_guest" />
  return (
    <div className="lk-rewards lk-rewards--page">
      <Loaded store={$mall} rows={1}>
        {(m) => (
          <dl className="lk-rewards__facts lk-rewards__big">
            <dt>{t('rewards_points_balance')}</dt>
            <dd aria-live="polite">{t('rewards_points_value', { points: m.points })}</dd>
          </dl>
        )}
      </Loaded>
      <div className="lk-rewards__tabs" role="tablist" aria-label={t('rewards_mall_sections')}>
        {tabs.map((x) => (
          <button
            key={x}
            type="button"
            role="tab"
            id={`lk-mall-tab-${x}`}
            aria-selected={tab === x}
            aria-controls="lk-mall-panel"
            tabIndex={tab === x ? 0 : -1}
            className="lk-button"
            onClick={() => setTab(x)}
            onKeyDown={(e) => {
              const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0
              if (!step) return
              const next = tabs[(tabs.indexOf(tab) + step + tabs.length) % tabs.length]
              setTab(next)
              ;(e.currentTarget.parentElement?.querySelector(`#lk-mall-tab-${next}`) as HTMLElement | null)?.focus()
            }}
          >
            {t(`rewards_mall_tab_${x}`)}
          </button>
        ))}
      </div>
      <div id="lk-mall-panel" role="tabpanel" aria-labelledby={`lk-mall-tab-${tab}`}>
        {tab === 'rewards' && <Rewards />}
        {tab === 'history' && <History />}
        {tab === 'details' && <Details />}
        {tab === 'convert' && <Convert />}
      </div>
    </div>
  )
}

type Mall = ResponseOf<'mallInfo'>

function Rewards() {
  const t = useT()
  const [open, setOpen] = useState<string | null>(null)
  return (
    <Loaded store={$mall}>
      {(m) => (
        <>
          <p className="lk-rewards__figures">{t('rewards_mall_ratio', { points: m.ratio.points, amount: money(m.ratio.amount) })}</p>
          <ul className="lk-rewards__grid">
            {m.rewards.map((r) => (
              <li key={r.id} className="lk-rewards__card lk-rewards__card--wide">
                <div>
                  <strong>{r.title}</strong>
                  <span>{t('rewards_mall_needs', { points: r.points })}</span>
                  {r.amountRequired > 0 && <span>{t('rewards_mall_amount', { amount: money(r.amountRequired) })}</span>}
                  <small>{r.quantity > 0 ? t('rewards_mall_left', { count: r.quantity }) : t('rewards_mall_sold_out')}</small>
                </div>
                {open === r.id ? (
                  <RedeemForm reward={r} mall={m} onDone={() => setOpen(null)} />
                ) : (
                  <button
                    type="button"
                    className="lk-button lk-button--primary"
                    aria-label={t('rewards_mall_redeem_named', { title: r.title })}
                    disabled={r.quantity <= 0}
                    onClick={() => setOpen(r.id)}
                  >
                    {t('rewards_mall_redeem')}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </Loaded>
  )
}

function RedeemForm({ reward, mall, onDone }: { reward: Mall['rewards'][number]; mall: Mall; onDone: () => void }) {
  const t = useT()
  const { state, field, error, onSubmit } = useForm(() => createRedeemForm(reward.id))
  const done = state.result?.data
  if (useStore($moneyProfile).data?.hasPaymentPassword === false) return <SetPayPasswordFirst onClose={onDone} />
  return (
    <form className="lk-rewards__form" onSubmit={onSubmit} noValidate aria-label={t('rewards_mall_redeem_named', { title: reward.title })}>
      <p className="lk-rewards__figures">{t('rewards_mall_after', { points: Math.max(0, mall.points - reward.points) })}</p>
      <Field labelKey="rewards_pay_password" type="password" inputMode="numeric" autoComplete="off" maxLength={6} {...field('paymentPassword')} />
      <FormRefusal text={error('reward') ?? error('form')} />
      <div className="lk-rewards__actions">
        <button type="submit" className="lk-button lk-button--primary" disabled={state.busy}>
          {t('rewards_mall_confirm')}
        </button>
        <button type="button" className="lk-button" onClick={onDone}>
          {t('rewards_close')}
        </button>
      </div>
      <p className="lk-rewards__note" role="status">
        {done ? t('rewards_mall_redeemed', { title: done.title }) : ''}
      </p>
    </form>
  )
}

function History() {
  const t = useT()
  return (
    <Loaded store={$redeems}>
      {({ list }) => (
        <ItemList items={list} emptyKey="rewards_mall_no_redeems">
          {(r) => (
            <li key={r.id} className="lk-rewards__row">
              <span>{r.title}</span>
              <span className={`lk-rewards__state lk-rewards__state--${r.status}`}>{t(`rewards_redeem_${r.status}`)}</span>
              <small>{t('rewards_points_value', { points: r.points })}</small>
              <small>{when(r.createdAt)}</small>
              {r.remark && <small>{t('rewards_remark', { remark: r.remark })}</small>}
            </li>
          )}
        </ItemList>
      )}
    </Loaded>
  )
}

function Details() {
  const t = useT()
  return (
    <Loaded store={$pointsDetails} empty={({ list }) => list.length === 0} emptyKey="rewards_points_none">
      {({ list }) => (
        <Table className="lk-rewards__table" heads={['rewards_when', 'rewards_why', 'rewards_points']}>
          {list.map((d) => (
            <tr key={d.id}>
              <td>{when(d.at)}</td>
              <td>{t(`rewards_points_${d.reason}`)}</td>
              <td>{d.delta > 0 ? `+${d.delta}` : String(d.delta)}</td>
            </tr>
          ))}
        </Table>
      )}
    </Loaded>
  )
}

function Convert() {
  const t = useT()
  const { state, field, error, onSubmit } = useForm(createConvertForm)
  const done = state.result?.data
  if (useStore($moneyProfile).data?.hasPaymentPassword === false) return <SetPayPasswordFirst />
  return (
    <Loaded store={$mall}>
      {(m) => (
        <form className="lk-rewards__form" onSubmit={onSubmit} noValidate aria-label={t('rewards_mall_tab_convert')}>
          <p className="lk-rewards__figures">{t('rewards_convert_rule', { points: m.ratio.points, amount: money(m.ratio.amount), min: m.ratio.minPoints })}</p>
          <Field labelKey="rewards_points" inputMode="numeric" autoComplete="off" {...field('points')} />
          <Field labelKey="rewards_pay_password" type="password" inputMode="numeric" autoComplete="off" maxLength={6} {...field('paymentPassword')} />
          <FormRefusal text={error('form')} />
          <button type="submit" className="lk-button lk-button--primary" disabled={state.busy}>
            {t('rewards_convert')}
          </button>
          <p className="lk-rewards__note" role="status">
            {done ? t('rewards_converted', { points: done.points, amount: money(done.amount) }) : ''}
          </p>
        </form>
      )}
    </Loaded>
  )
}

/** What a redeem or conversion needs first when no payment password is set, and where to set it. */
function SetPayPasswordFirst({ onClose }: { onClose?: () => void }) {
  const t = useT()
  return (
    <div className="lk-rewards__form" role="note">
      <p>{t('rewards_need_pay_password')}</p>
      <div className="lk-rewards__actions">
        <button type="button" className="lk-button lk-button--primary" onClick={() => openCentre('member', 'securityCenter')}>
          {t('rewards_set_pay_password')}
        </button>
        {onClose && (
          <button type="button" className="lk-button" onClick={onClose}>
            {t('rewards_close')}
          </button>
        )}
      </div>
    </div>
  )
}
