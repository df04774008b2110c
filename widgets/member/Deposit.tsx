import { useStore } from '@nanostores/react'
import type { DepositChannel, DepositOrder, ResponseOf } from '../../sdk/contract/index.ts'
import { formError } from '../../sdk/form/index.ts'
import {
  $depositChannels,
  $depositOrder,
  $paymentWindow,
  amountInput,
  clearDepositOrder,
  createDepositForm,
  gatewayUrl,
  loadDepositChannels,
  qrImageUrl,
} from '../../sdk/money/index.ts'
import { Field } from '../ui/Field.tsx'
import { EmptyState, ErrorState, Skeleton, useT } from '../ui/index.ts'
import { useForm } from '../ui/form.ts'
import { FormError, money } from './controls.tsx'
import { $protect } from '../../sdk/protect/index.ts'
import { ResponsibleDeposit } from './ResponsibleDeposit.tsx'

/** Deposit (depositv2): pick a channel and an amount, pay on the gateway page, follow the order live. */
export function Deposit() {
  const channels = useStore($depositChannels)
  const order = useStore($depositOrder)
  // The protection notes above the form come from their own call: the page shows once both have
  // answered, so the form is not pushed down when the notes arrive (CLS 0 while the page opens).
  const protect = useStore($protect)
  if (order) return <OrderView order={order} />
  if (!channels.data || (!protect.data && !protect.error)) {
    return channels.error ? <ErrorState messageKey={channels.error.messageKey} onRetry={() => void loadDepositChannels()} /> : <Skeleton count={4} height={40} />
  }
  if (channels.data.channels.length === 0) return <EmptyState messageKey="money_deposit_none" />
  return (
    <>
      <ResponsibleDeposit />
      <DepositForm channels={channels.data.channels} promotion={channels.data.promotion} />
    </>
  )
}

type Promotion = ResponseOf<'depositChannels'>['promotion']

function DepositForm({ channels, promotion }: { channels: DepositChannel[]; promotion: Promotion }) {
  const t = useT()
  const { form, state, field, error, onSubmit } = useForm(() => createDepositForm(channels[0].code))
  const { amount, claim } = state.values
  const code = state.values.channel
  const channel = channels.find((c) => c.code === code) ?? channels[0]

  return (
    <form className="lk-money__form" onSubmit={onSubmit} noValidate>
      <fieldset className="lk-money__channels">
        <legend>{t('money_deposit_channel')}</legend>
        {channels.map((c) => (
          <label key={c.code} className={`lk-money__choice${c.code === code ? ' is-on' : ''}`}>
            <input type="radio" name="channel" value={c.code} checked={c.code === code} onChange={() => form.set('channel', c.code)} />
            <span>{channelName(t, c.code, c.name)}</span>
            <small>{t(`money_method_${c.method}`)}</small>
          </label>
        ))}
      </fieldset>
      <Field labelKey="money_amount" inputMode="decimal" autoComplete="off" {...field('amount')} />
      <p className="lk-money__hint">{t('money_limits', { min: money(channel.min), max: money(channel.max) })}</p>
      <div className="lk-money__presets" role="group" aria-label={t('money_presets')}>
        {channel.presets.map((p) => (
          <button key={p} type="button" className="lk-button" aria-pressed={amount === amountInput(p)} onClick={() => form.set('amount', amountInput(p))}>
            {money(p)}
          </button>
        ))}
      </div>
      {promotion && (
        <div className="lk-money__promo">
          <label className="lk-money__check">
            <input type="checkbox" checked={claim} onChange={(e) => form.set('claim', e.target.checked)} />
            <span>{t('money_promo_claim', { code: promotion.code, percent: promotion.percent, max: money(promotion.maxBonus) })}</span>
          </label>
          <p className="lk-money__hint">{t('money_promo_terms', { turnover: promotion.turnover })}</p>
        </div>
      )}
      <FormError text={error(formError) ?? error('channel') ?? error('claim')} />
      <button type="submit" className="lk-button lk-button--primary" disabled={state.busy}>
        {t(state.busy ? 'money_working' : 'money_deposit_submit')}
      </button>
    </form>
  )
}

/** A channel's name in the page language (the platform's name is English), never its code. */
function channelName(t: (key: string) => string, code: string, name?: string): string {
  const key = `money_channel_${code}`
  const text = t(key)
  return text !== key ? text : (name ?? t('money_deposit_channel'))
}

/** What the order view says above its button: the payment page opened by itself, was blocked, or is to be opened. */
const gatewayHint = { opened: 'money_gateway_opened', blocked: 'money_gateway_blocked' } as const

function OrderView({ order }: { order: DepositOrder }) {
  const t = useT()
  const opened = useStore($paymentWindow)
  const qr = qrImageUrl(order)
  return (
    <div className="lk-money__order">
      <p className={`lk-money__status is-${order.status}`} role="status" aria-live="polite">
        {t(`money_order_${order.status}`, { amount: money(order.amount) })}
      </p>
      <dl className="lk-money__facts">
        <dt>{t('money_amount')}</dt>
        <dd>{money(order.amount)}</dd>
        <dt>{t('money_deposit_channel')}</dt>
        <dd>{channelName(t, order.channel)}</dd>
        {order.bonus !== undefined && (
          <>
            <dt>{t('money_promo_bonus')}</dt>
            <dd>{money(order.bonus)}</dd>
          </>
        )}
        {order.method === 'bank' && (
          <>
            <dt>{t('money_reference')}</dt>
            <dd>{order.reference}</dd>
          </>
        )}
        {order.cryptoAddress && (
          <>
            <dt>{t('money_crypto_address')}</dt>
            <dd className="lk-money__mono">{order.cryptoAddress}</dd>
          </>
        )}
      </dl>
      {qr && <img className="lk-money__qr" src={qr} alt={t('money_crypto_qr')} width={180} height={180} />}
      {order.status === 'pending' ? (
        <>
          <p>{t(opened ? gatewayHint[opened] : 'money_gateway_hint')}</p>
          <a className="lk-button lk-button--primary" href={gatewayUrl(order)} target="_blank" rel="noopener">
            {t('money_gateway_open')}
          </a>
        </>
      ) : (
        <button type="button" className="lk-button lk-button--primary" onClick={clearDepositOrder}>
          {t(order.status === 'paid' ? 'money_deposit_again' : 'money_retry_deposit')}
        </button>
      )}
    </div>
  )
}
