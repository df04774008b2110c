import { useState } from 'react'
import { $referral } from '../../sdk/rewards/index.ts'
import { EmptyState, useT } from '../ui/index.ts'
import { Loaded, money, when } from './parts.tsx'
import { Table } from '../ui/Table.tsx'

/** Invite friends (referral, when availablePromo.REFERRAL is on): the link and its QR, the rule, and the friends who joined with what each earned. */
export function Referral() {
  const t = useT()
  const [copied, setCopied] = useState(false)
  return (
    <Loaded store={$referral}>
      {(r) => (
        <div className="lk-rewards">
          <p>
            {t('rewards_referral_rule', {
              deposit: money(r.rule.minDeposit),
              stake: money(r.rule.minStake),
              bonus: money(r.rule.bonus),
              limit: r.rule.perMonth,
              points: r.rule.joinPoints,
            })}
          </p>
          <div className="lk-rewards__invite">
            <svg viewBox={`0 0 ${r.qr.size} ${r.qr.size}`} width="160" height="160" shape-rendering="crispEdges" role="img" aria-label={t('rewards_referral_qr')}>
              <rect width={r.qr.size} height={r.qr.size} fill="#fff" />
              <path fill="#000" d={r.qr.path} />
            </svg>
            <div>
              <p>
                {t('rewards_referral_code')}: <strong>{r.code}</strong>
              </p>
              <input className="lk-input" readOnly value={r.link} aria-label={t('rewards_referral_link')} onFocus={(e) => e.target.select()} />
              <button
                type="button"
                className="lk-button"
                onClick={() =>
                  void navigator.clipboard?.writeText(r.link).then(
                    () => setCopied(true),
                    () => setCopied(false),
                  )
                }
              >
                {t('rewards_referral_copy')}
              </button>
              <p className="lk-rewards__note" role="status">
                {copied ? t('rewards_referral_copied') : ''}
              </p>
            </div>
          </div>
          <h3 className="lk-rewards__head">{t('rewards_referral_friends')}</h3>
          {r.friends.length === 0 ? (
            <EmptyState messageKey="rewards_referral_none" />
          ) : (
            <Table className="lk-rewards__table" heads={['rewards_player', 'rewards_joined', 'rewards_referral_state', 'rewards_earned']}>
              {r.friends.map((f) => (
                <tr key={`${f.account}-${f.joinedAt}`}>
                  <td>{f.account}</td>
                  <td>{when(f.joinedAt)}</td>
                  <td>{t(f.qualified ? 'rewards_referral_qualified' : 'rewards_referral_waiting')}</td>
                  <td>{t('rewards_earned_value', { amount: money(f.earned), points: f.points })}</td>
                </tr>
              ))}
            </Table>
          )}
        </div>
      )}
    </Loaded>
  )
}
