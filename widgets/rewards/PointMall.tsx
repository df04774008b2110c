import './rewards.css'
import { useStore } from '@nanostores/react'
import { useEffect, useRef, useState } from 'react'
import type { ResponseOf } from '../../sdk/contract/index.ts'
import {
  $mall,
  $mallCatalogue,
  $pointsDetails,
  $redeems,
  createConvertForm,
  createRedeemForm,
  pickedReward,
  ratioLine,
  redeemOrSignIn,
  rewardLines,
} from '../../sdk/rewards/index.ts'
import { $loggedIn } from '../../sdk/stores/index.ts'
import { $moneyProfile } from '../../sdk/money/profile.ts'
import { openCentre } from '../../sdk/centre/index.ts'
import { Field } from '../ui/Field.tsx'
import { useForm } from '../ui/form.ts'
import { EmptyState, ErrorState, Skeleton, useImageUrl, useMounted, useT } from '../ui/index.ts'
import { FormRefusal, ItemList, Loaded, money, when } from './parts.tsx'
import { SignInFirst } from './SignInFirst.tsx'
import { Table } from '../ui/Table.tsx'

type Tab = 'rewards' | 'history' | 'details' | 'convert'
const tabs: readonly Tab[] = ['rewards', 'history', 'details', 'convert']

/**
 * The point mall (/pointMall): the catalogue with pictures and prices for everyone (Redeem asks a
 * guest to sign in, and brings the member back to that reward); for a member also the points
 * balance, redeem with the payment password, redeem history, points details and conversion to balance.
 */
export function PointMall() {
  const loggedIn = useStore($loggedIn)
  if (!useMounted()) return <CatalogueSkeleton />
  if (!loggedIn) return <GuestMall />
  return <MemberMall />
}

/** What a guest sees: why to sign in, and the catalogue with its prices. */
function GuestMall() {
  const state = useStore($mallCatalogue)
  return (
    <div className="lk-rewards lk-rewards--page lk-rewards--mall">
      <SignInFirst messageKey="rewards_mall_guest" />
      {state.error && !state.data ? (
        <ErrorState messageKey={state.error.messageKey} onRetry={() => $mallCatalogue.revalidate()} />
      ) : !state.data ? (
        <CardsSkeleton />
      ) : state.data.rewards.length === 0 ? (
        <EmptyState messageKey="rewards_mall_empty" />
      ) : (
        <Catalogue rewards={state.data.rewards} ratio={state.data.ratio} />
      )}
    </div>
  )
}

function MemberMall() {
  const t = useT()
  const [tab, setTab] = useState<Tab>('rewards')
  return (
    <div className="lk-rewards lk-rewards--page lk-rewards--mall">
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

/** The page before it knows who is looking: the sign-in box's and the catalogue's places, at their final size. */
function CatalogueSkeleton() {
  return (
    <div className="lk-rewards lk-rewards--page lk-rewards--mall">
      <Skeleton count={1} height={72} label={false} />
      <CardsSkeleton />
    </div>
  )
}

/** Placeholders of the ratio line and the reward cards (picture, name, price, stock, Redeem), at their final size. */
function CardsSkeleton() {
  const t = useT()
  return (
    <div className="lk-rewards" aria-busy="true">
      <span className="lk-visually-hidden">{t('loading')}</span>
      <span className="lk-skeleton" style={{ height: 20, width: '60%' }} aria-hidden="true" />
      <ul className="lk-rewards__grid lk-rewards__grid--items" aria-hidden="true">
        {[0, 1, 2, 3].map((i) => (
          <li key={i} className="lk-rewards__card lk-rewards__card--item">
            <span className="lk-rewards__picture lk-skeleton" />
            <span className="lk-skeleton" style={{ height: 96, width: '100%' }} />
            <span className="lk-skeleton" style={{ height: 44, width: '100%' }} />
          </li>
        ))}
      </ul>
    </div>
  )
}

type Mall = ResponseOf<'mallInfo'>

type Reward = ResponseOf<'mallCatalogue'>['rewards'][number]

function Rewards() {
  const state = useStore($mall)
  if (state.error && !state.data) return <ErrorState messageKey={state.error.messageKey} onRetry={() => $mall.revalidate()} />
  if (!state.data) return <CardsSkeleton />
  if (state.data.rewards.length === 0) return <EmptyState messageKey="rewards_mall_empty" />
  return <Catalogue rewards={state.data.rewards} ratio={state.data.ratio} mall={state.data} />
}

/**
 * The rewards as cards: picture, name, price and stock, and Redeem. With `mall` (a member) Redeem opens
 * the redeem form; without (a guest) it asks to sign in first. The reward a guest picked before signing
 * in (`?reward=…`) is scrolled to, its form open.
 */
function Catalogue({ rewards, ratio, mall }: { rewards: readonly Reward[]; ratio: Mall['ratio']; mall?: Mall }) {
  const t = useT()
  const [picked] = useState(() => (mall ? pickedReward() : null))
  const [open, setOpen] = useState<string | null>(picked)
  const pickedCard = useRef<HTMLLIElement>(null)
  // The card itself takes focus: its redeem form may still change (asking for a payment password first).
  useEffect(() => {
    pickedCard.current?.scrollIntoView({ block: 'center' })
    pickedCard.current?.focus({ preventScroll: true })
  }, [])
  const rate = ratioLine(ratio)
  return (
    <>
      <p className="lk-rewards__figures">{t(rate.key, rate.values)}</p>
      <ul className="lk-rewards__grid lk-rewards__grid--items">
        {rewards.map((r) => (
          <li
            key={r.id}
            ref={r.id === picked ? pickedCard : undefined}
            tabIndex={r.id === picked ? -1 : undefined}
            className="lk-rewards__card lk-rewards__card--item"
            aria-labelledby={`lk-reward-${r.id}`}
          >
            <RewardPicture path={r.image} />
            <div>
              <strong id={`lk-reward-${r.id}`}>{r.title}</strong>
              {rewardLines(r).map(({ kind, key, values }) =>
                kind === 'stock' ? (
                  <small key={kind}>{t(key, values)}</small>
                ) : (
                  <span key={kind} className={kind === 'price' ? 'lk-rewards__price' : undefined}>
                    {t(key, values)}
                  </span>
                ),
              )}
            </div>
            {mall && open === r.id ? (
              <RedeemForm reward={r} mall={mall} onDone={() => setOpen(null)} />
            ) : (
              <button
                type="button"
                className="lk-button lk-button--primary"
                aria-label={t('rewards_mall_redeem_named', { title: r.title })}
                disabled={r.quantity <= 0}
                onClick={() => {
                  if (redeemOrSignIn(r.id) && mall) setOpen(r.id)
                }}
              >
                {t('rewards_mall_redeem')}
              </button>
            )}
          </li>
        ))}
      </ul>
    </>
  )
}

/** A reward's picture, its box sized from the first paint (4:3). */
function RewardPicture({ path }: { path: string }) {
  const src = useImageUrl(path)
  return src ? <img className="lk-rewards__picture" src={src} alt="" width="400" height="300" loading="lazy" decoding="async" /> : <span className="lk-rewards__picture" />
}

function RedeemForm({ reward, mall, onDone }: { reward: Reward; mall: Mall; onDone: () => void }) {
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
