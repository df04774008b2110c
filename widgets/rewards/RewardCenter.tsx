import { useStore } from '@nanostores/react'
import { useState } from 'react'
import { $awards, $claiming, claimAward } from '../../sdk/rewards/index.ts'
import { EmptyState, useT } from '../ui/index.ts'
import { Loaded, money, useSourceText, when } from './parts.tsx'

/** The reward centre (rewardCenter): claimable rewards with one-click claim, then those claimed. */
export function RewardCenter() {
  const t = useT()
  const source = useSourceText()
  const claiming = useStore($claiming)
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null)
  const claim = async (id: string, amount: number) => {
    const r = await claimAward(id)
    if (!r) return
    setNote(
      r.error ? { ok: false, text: t(Object.values(r.error.fields ?? {})[0] ?? r.error.messageKey) } : { ok: true, text: t('rewards_claimed_note', { amount: money(amount) }) },
    )
  }
  return (
    <Loaded store={$awards}>
      {({ list }) => {
        const open = list.filter((a) => a.status === 'claimable')
        const done = list.filter((a) => a.status === 'claimed')
        return (
          <div className="lk-rewards">
            <p className={note?.ok === false ? 'lk-rewards__error' : 'lk-rewards__note'} role={note?.ok === false ? 'alert' : 'status'}>
              {note?.text ?? ''}
            </p>
            <h3 className="lk-rewards__head">{t('rewards_claimable')}</h3>
            {open.length === 0 ? (
              <EmptyState messageKey="rewards_none_claimable" />
            ) : (
              <ul className="lk-rewards__list">
                {open.map((a) => (
                  <li key={a.id} className="lk-rewards__card">
                    <div>
                      <strong>{money(a.amount)}</strong>
                      <span>{source(a.source, a.ref)}</span>
                      <small>{when(a.createdAt)}</small>
                    </div>
                    <button
                      type="button"
                      className="lk-button lk-button--primary"
                      aria-label={t('rewards_claim_named', { amount: money(a.amount), source: source(a.source, a.ref) })}
                      disabled={claiming.has(`award:${a.id}`)}
                      onClick={() => void claim(a.id, a.amount)}
                    >
                      {t('rewards_claim')}
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <h3 className="lk-rewards__head">{t('rewards_claimed')}</h3>
            {done.length === 0 ? (
              <EmptyState messageKey="rewards_none_claimed" />
            ) : (
              <ul className="lk-rewards__list">
                {done.map((a) => (
                  <li key={a.id} className="lk-rewards__row">
                    <span>{source(a.source, a.ref)}</span>
                    <strong>{money(a.amount)}</strong>
                    <small>{a.claimedAt ? when(a.claimedAt) : ''}</small>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )
      }}
    </Loaded>
  )
}
