import { useStore } from '@nanostores/react'
import type { Backoffice, MembersArea } from '../../sdk/backoffice/index.ts'
import type { MemberDetail } from '../../sdk/contract/backoffice.ts'
import { formatDate } from '../../sdk/dates/index.ts'
import { formatMoney } from '../../sdk/format/index.ts'
import { Field, FieldFrame } from '../ui/Field.tsx'
import { useForm } from '../ui/form.ts'
import { LoadStates } from '../ui/LoadStates.tsx'
import { Modal } from '../ui/Modal.tsx'
import { ReasonForm } from './ReasonForm.tsx'
import { useT } from '../ui/index.ts'

/** Members (support and owner): the search, or one member's page. */
export function MembersPanel({ bo }: { bo: Backoffice }) {
  const memberId = useStore(bo.members.$memberId)
  return memberId ? <MemberView area={bo.members} /> : <MemberSearch area={bo.members} />
}

function MemberSearch({ area }: { area: MembersArea }) {
  const t = useT()
  const state = useStore(area.$results)
  const { field, onSubmit, state: form } = useForm(area.searchForm)
  return (
    <>
      <h2>{t('admin_members_title')}</h2>
      <form role="search" className="lk-bo__search" onSubmit={onSubmit} noValidate>
        <Field labelKey="admin_members_search" hintKey="admin_members_search_hint" type="search" autoComplete="off" spellCheck={false} {...field('q')} />
        <button type="submit" className="lk-button lk-button--primary" disabled={form.busy} aria-busy={form.busy}>
          {t('admin_search')}
        </button>
      </form>
      <LoadStates state={state} onRetry={() => void area.search()} empty={(page) => page.list.length === 0} emptyKey="admin_members_empty">
        {(page) => (
          <>
            <ul className="lk-bo__cards">
              {page.list.map((m) => (
                <li key={m.id} className="lk-bo__card">
                  <p>
                    <button type="button" className="lk-bo__link" onClick={() => area.openMember(m.id)}>
                      {m.username}
                    </button>
                  </p>
                  <p className="lk-bo__meta">
                    {m.mobile && `${m.mobile} · `}
                    {t(`admin_member_${m.status}`)}
                  </p>
                </li>
              ))}
            </ul>
            <nav className="lk-bo__pages" aria-label={t('admin_pages')}>
              <button type="button" className="lk-button" disabled={page.page <= 1 || state.loading} onClick={() => area.showPage(page.page - 1)}>
                {t('admin_previous')}
              </button>
              <p aria-live="polite">{t('admin_page_of', { page: String(page.page), pages: String(Math.max(1, page.totalPages)) })}</p>
              <button type="button" className="lk-button" disabled={page.page >= page.totalPages || state.loading} onClick={() => area.showPage(page.page + 1)}>
                {t('admin_next')}
              </button>
            </nav>
          </>
        )}
      </LoadStates>
    </>
  )
}

function MemberView({ area }: { area: MembersArea }) {
  const t = useT()
  const state = useStore(area.$member)
  return (
    <>
      <button type="button" className="lk-button" onClick={area.closeMember}>
        {t('admin_members_back')}
      </button>
      <LoadStates state={state} onRetry={() => void area.loadMember()} rows={5}>
        {(m) => <MemberFacts m={m} area={area} />}
      </LoadStates>
      <LockDialog area={area} />
    </>
  )
}

function MemberFacts({ m, area }: { m: MemberDetail; area: MembersArea }) {
  const t = useT()
  const limits = m.limits
  return (
    <>
      <div className="lk-bo__head">
        <h2>{m.username}</h2>
        <button type="button" className="lk-button" onClick={() => area.lock.ask(m.status !== 'locked')}>
          {t(m.status === 'locked' ? 'admin_member_unlock' : 'admin_member_lock')}
        </button>
      </div>
      <dl className="lk-bo__facts">
        <dt>{t('admin_status')}</dt>
        <dd>{t(`admin_member_${m.status}`)}</dd>
        {m.lockReason && (
          <>
            <dt>{t('admin_member_lock_reason')}</dt>
            <dd>{m.lockReason}</dd>
          </>
        )}
        <dt>{t('admin_member_balance')}</dt>
        <dd>{formatMoney(m.balance)}</dd>
        <dt>{t('admin_member_mobile')}</dt>
        <dd>{m.mobile || '—'}</dd>
        <dt>{t('admin_member_email')}</dt>
        <dd>{m.email || '—'}</dd>
        <dt>{t('admin_member_joined')}</dt>
        <dd>{formatDate(m.createdAt)}</dd>
        <dt>{t('admin_member_last_login')}</dt>
        <dd>{m.lastLoginAt ? formatDate(m.lastLoginAt) : '—'}</dd>
      </dl>

      <h3>{t('admin_member_protection')}</h3>
      <p className="lk-bo__meta">{t('admin_member_protection_note')}</p>
      <ul className="lk-bo__lines">
        {m.exclusion && <li>{t(`admin_member_break_${m.exclusion.kind}`, { until: formatDate(m.exclusion.until) })}</li>}
        {limits.map((l) => (
          <li key={`${l.kind}-${l.period}`}>
            {t('admin_member_limit', {
              kind: t(`admin_limit_${l.kind}`),
              period: t(`admin_period_${l.period}`),
              amount: formatMoney(l.amount),
              used: formatMoney(l.used),
            })}
          </li>
        ))}
        {m.sessionMinutes !== null && <li>{t('admin_member_session_limit', { minutes: String(m.sessionMinutes) })}</li>}
        {!m.exclusion && limits.length === 0 && m.sessionMinutes === null && <li>{t('admin_member_no_limits')}</li>}
      </ul>

      <h3>{t('admin_member_moves')}</h3>
      {m.ledger.length === 0 ? (
        <p>{t('admin_member_no_moves')}</p>
      ) : (
        <ol className="lk-bo__lines">
          {m.ledger.map((line, i) => (
            // Moves have no id of their own on this page; their order is fixed (newest first).
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is read only and never reordered
            <li key={i}>{t('admin_member_move', { at: formatDate(line.at), kind: line.kind, amount: formatMoney(line.amount), balance: formatMoney(line.balanceAfter) })}</li>
          ))}
        </ol>
      )}

      <h3>{t('admin_member_notes')}</h3>
      <NoteForm area={area} />
      {m.notes.length === 0 ? (
        <p>{t('admin_member_no_notes')}</p>
      ) : (
        <ol className="lk-bo__audit">
          {m.notes.map((note) => (
            <li key={note.id} className="lk-bo__card">
              <p>{note.text}</p>
              <p className="lk-bo__meta">{t('admin_member_note_meta', { operator: note.operator, at: formatDate(note.at) })}</p>
            </li>
          ))}
        </ol>
      )}
    </>
  )
}

function NoteForm({ area }: { area: MembersArea }) {
  const t = useT()
  const { form, state, error, onSubmit } = useForm(area.noteForm)
  return (
    <form onSubmit={onSubmit} noValidate className="lk-bo__note">
      <FieldFrame labelKey="admin_member_note" error={error('text')}>
        {(control) => <textarea {...control} rows={3} maxLength={1000} value={String(state.values.text)} onChange={(e) => form.set('text', e.target.value)} />}
      </FieldFrame>
      <p className="lk-field__error" role={error('form') ? 'alert' : undefined}>
        {error('form') ?? ''}
      </p>
      <button type="submit" className="lk-button" disabled={state.busy} aria-busy={state.busy}>
        {t('admin_member_add_note')}
      </button>
    </form>
  )
}

/** The lock or unlock asked for, with its reason. */
function LockDialog({ area }: { area: MembersArea }) {
  const t = useT()
  const pending = useStore(area.lock.$pending)
  const member = useStore(area.$member).data
  const locking = pending?.action === true
  const close = () => {
    area.lock.cancel()
    area.lockForm.reset()
  }
  return (
    <Modal open={pending !== null} onClose={close} name="adminMemberLock" titleKey={locking ? 'admin_confirm_lock_title' : 'admin_confirm_unlock_title'}>
      <p>{t(locking ? 'admin_confirm_lock' : 'admin_confirm_unlock', { member: member?.username ?? '' })}</p>
      <ReasonForm form={area.lockForm} submitKey={locking ? 'admin_member_lock' : 'admin_member_unlock'} onCancel={close} />
    </Modal>
  )
}
