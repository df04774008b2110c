import { useStore } from '@nanostores/react'
import type { Backoffice } from '../../sdk/backoffice/index.ts'
import type { PendingReward } from '../../sdk/contract/backoffice.ts'
import { formatDate } from '../../sdk/dates/index.ts'
import { formatMoney } from '../../sdk/format/index.ts'
import { LoadStates } from '../ui/LoadStates.tsx'
import { Modal } from '../ui/Modal.tsx'
import { ReasonForm } from './ReasonForm.tsx'
import { useT } from '../ui/index.ts'

/** The reward approvals queue: one card per redeem or application (a grid on wide screens), each decision confirmed. */
export function RewardsPanel({ bo }: { bo: Backoffice }) {
  const t = useT()
  const { list } = bo.rewards
  const state = useStore(list.$state)
  return (
    <>
      <div className="lk-bo__head">
        <h2>{t('admin_rewards_title')}</h2>
        <button type="button" className="lk-button" onClick={() => void list.load()} disabled={state.loading}>
          {t('admin_refresh')}
        </button>
      </div>
      <LoadStates state={state} onRetry={() => void list.load()} empty={(rewards) => rewards.length === 0} emptyKey="admin_rewards_empty">
        {(rewards) => (
          <ul className="lk-bo__cards">
            {rewards.map((r) => (
              <RewardCard key={`${r.kind}:${r.id}`} r={r} bo={bo} />
            ))}
          </ul>
        )}
      </LoadStates>
      <ConfirmReward bo={bo} />
    </>
  )
}

function RewardCard({ r, bo }: { r: PendingReward; bo: Backoffice }) {
  const t = useT()
  const amount = formatMoney(r.amount)
  return (
    <li className="lk-bo__card" aria-label={t(`admin_reward_label_${r.kind}`, { member: r.member, item: r.item })}>
      <p className="lk-bo__amount">{r.item}</p>
      <dl className="lk-bo__facts">
        <dt>{t('admin_reward_kind')}</dt>
        <dd>{t(`admin_reward_kind_${r.kind}`)}</dd>
        <dt>{t('admin_member')}</dt>
        <dd>{r.member}</dd>
        {r.kind === 'redeem' && (
          <>
            <dt>{t('admin_reward_points')}</dt>
            <dd>{r.points}</dd>
          </>
        )}
        <dt>{t('admin_reward_amount')}</dt>
        <dd>{amount}</dd>
        {r.comment && (
          <>
            <dt>{t('admin_reward_comment')}</dt>
            <dd>{r.comment}</dd>
          </>
        )}
        <dt>{t('admin_requested_at')}</dt>
        <dd>{formatDate(r.createdAt)}</dd>
      </dl>
      <div className="lk-bo__actions">
        <button type="button" className="lk-button lk-button--primary" onClick={() => bo.rewards.decide.ask({ decision: 'approve', reward: r })}>
          {t('admin_approve')}
        </button>
        <button type="button" className="lk-button" onClick={() => bo.rewards.decide.ask({ decision: 'reject', reward: r })}>
          {t('admin_reject')}
        </button>
      </div>
    </li>
  )
}

/** The confirmation of the decision asked for; a rejection also asks its reason. */
function ConfirmReward({ bo }: { bo: Backoffice }) {
  const t = useT()
  const { decide, rejectForm } = bo.rewards
  const pending = useStore(decide.$pending)
  const close = () => {
    decide.cancel()
    rejectForm.reset()
  }
  const action = pending?.action
  return (
    <Modal open={pending !== null} onClose={close} name="adminRewardDecision" titleKey={action ? `admin_confirm_reward_${action.decision}_title` : 'admin_rewards_title'}>
      {action && (
        <>
          <p>{t(`admin_confirm_reward_${action.decision}`, { member: action.reward.member, item: action.reward.item, amount: formatMoney(action.reward.amount) })}</p>
          {action.decision === 'reject' ? (
            <ReasonForm form={bo.rewards.rejectForm} submitKey="admin_reject" onCancel={close} />
          ) : (
            <>
              {pending?.error && (
                <p className="lk-field__error" role="alert">
                  {t(pending.error.messageKey)}
                </p>
              )}
              <div className="lk-dialog__buttons">
                <button type="button" className="lk-button" onClick={close}>
                  {t('cancel')}
                </button>
                <button type="button" className="lk-button lk-button--primary" disabled={pending?.busy} aria-busy={pending?.busy} onClick={() => void decide.confirm()}>
                  {t('admin_approve')}
                </button>
              </div>
            </>
          )}
        </>
      )}
    </Modal>
  )
}
