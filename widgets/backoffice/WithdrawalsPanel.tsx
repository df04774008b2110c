import { useStore } from '@nanostores/react'
import type { Backoffice } from '../../sdk/backoffice/index.ts'
import type { QueuedWithdrawal } from '../../sdk/contract/backoffice.ts'
import { formatDate } from '../../sdk/dates/index.ts'
import { formatMoney } from '../../sdk/format/index.ts'
import { LoadStates } from '../ui/LoadStates.tsx'
import { Modal } from '../ui/Modal.tsx'
import { ReasonForm } from './ReasonForm.tsx'
import { useT } from '../ui/index.ts'

/** The withdrawals queue: one card per withdrawal (a grid on wide screens), each decision confirmed. */
export function WithdrawalsPanel({ bo }: { bo: Backoffice }) {
  const t = useT()
  const state = useStore(bo.withdrawals.$state)
  return (
    <>
      <div className="lk-bo__head">
        <h2>{t('admin_withdrawals_title')}</h2>
        <button type="button" className="lk-button" onClick={() => void bo.withdrawals.load()} disabled={state.loading}>
          {t('admin_refresh')}
        </button>
      </div>
      <LoadStates state={state} onRetry={() => void bo.withdrawals.load()} empty={(list) => list.length === 0} emptyKey="admin_withdrawals_empty">
        {(list) => (
          <ul className="lk-bo__cards">
            {list.map((w) => (
              <WithdrawalCard key={w.id} w={w} bo={bo} />
            ))}
          </ul>
        )}
      </LoadStates>
      <ConfirmDecision bo={bo} />
    </>
  )
}

function WithdrawalCard({ w, bo }: { w: QueuedWithdrawal; bo: Backoffice }) {
  const t = useT()
  const amount = formatMoney(w.amount)
  return (
    <li className="lk-bo__card" aria-label={t('admin_withdrawal_label', { member: w.member, amount })}>
      <p className="lk-bo__amount">{amount}</p>
      <dl className="lk-bo__facts">
        <dt>{t('admin_member')}</dt>
        <dd>{w.member}</dd>
        <dt>{t('admin_account')}</dt>
        <dd>{w.account}</dd>
        <dt>{t('admin_requested_at')}</dt>
        <dd>{formatDate(w.createdAt)}</dd>
        <dt>{t('admin_status')}</dt>
        <dd>{t(`admin_status_${w.status}`)}</dd>
      </dl>
      <div className="lk-bo__actions">
        {w.status === 'requested' && (
          <>
            <button type="button" className="lk-button lk-button--primary" onClick={() => bo.decide.ask({ id: w.id, decision: 'approve', withdrawal: w })}>
              {t('admin_approve')}
            </button>
            <button type="button" className="lk-button" onClick={() => bo.decide.ask({ id: w.id, decision: 'reject', withdrawal: w })}>
              {t('admin_reject')}
            </button>
          </>
        )}
        {w.status === 'approved' && (
          <button type="button" className="lk-button lk-button--primary" onClick={() => bo.decide.ask({ id: w.id, decision: 'disburse', withdrawal: w })}>
            {t('admin_disburse')}
          </button>
        )}
      </div>
    </li>
  )
}

/** The confirmation of the decision asked for; a rejection also asks its reason. */
function ConfirmDecision({ bo }: { bo: Backoffice }) {
  const t = useT()
  const pending = useStore(bo.decide.$pending)
  const close = () => {
    bo.decide.cancel()
    bo.rejectForm.reset()
  }
  const action = pending?.action
  return (
    <Modal open={pending !== null} onClose={close} name="adminDecision" titleKey={action ? `admin_confirm_${action.decision}_title` : 'admin_withdrawals_title'}>
      {action && (
        <>
          <p>{t(`admin_confirm_${action.decision}`, { member: action.withdrawal.member, amount: formatMoney(action.withdrawal.amount), account: action.withdrawal.account })}</p>
          {action.decision === 'reject' ? (
            <ReasonForm form={bo.rejectForm} submitKey="admin_reject" onCancel={close} />
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
                <button type="button" className="lk-button lk-button--primary" disabled={pending?.busy} aria-busy={pending?.busy} onClick={() => void bo.decide.confirm()}>
                  {t(`admin_${action.decision}`)}
                </button>
              </div>
            </>
          )}
        </>
      )}
    </Modal>
  )
}
