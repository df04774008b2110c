import { useStore } from '@nanostores/react'
import { $claiming, $rebate, claimRebate } from '../../sdk/rewards/index.ts'
import { useT } from '../ui/index.ts'
import { ClaimNoteText, Loaded, money, useClaim, when } from './parts.tsx'
import { Table } from '../ui/Table.tsx'

const percent = (bp: number) => (bp / 100).toFixed(2)

/** The manual rebate (manualRebate, when MANPLAYREB3 is on): due per category since the last claim, claimed once a day. */
export function Rebate() {
  const t = useT()
  const claiming = useStore($claiming)
  const { note, claim } = useClaim()
  return (
    <Loaded store={$rebate}>
      {(r) => (
        <div className="lk-rewards">
          <p className="lk-rewards__figures">{r.lastClaim ? t('rewards_rebate_since', { at: when(r.lastClaim.at) }) : t('rewards_rebate_since_start')}</p>
          <Table className="lk-rewards__table" heads={['rewards_category', 'rewards_valid_bet', 'rewards_rate', 'rewards_rebate']}>
            {r.lines.map((l) => (
              <tr key={l.category}>
                <td>{t(`rewards_cat_${l.category}`)}</td>
                <td>{money(l.validBet)}</td>
                <td>{`${percent(l.rateBp)} %`}</td>
                <td>{money(l.amount)}</td>
              </tr>
            ))}
          </Table>
          <dl className="lk-rewards__facts">
            <dt>{t('rewards_rebate_total')}</dt>
            <dd>{money(r.total)}</dd>
          </dl>
          <button
            type="button"
            className="lk-button lk-button--primary"
            disabled={r.claimedToday || r.total <= 0 || claiming.has('rebate')}
            onClick={() => void claim(claimRebate(), (d) => t('rewards_rebate_done', { amount: money(d.amount) }))}
          >
            {t('rewards_rebate_claim')}
          </button>
          {r.claimedToday && <p className="lk-rewards__figures">{t('rewards_rebate_next', { at: when(r.nextAt) })}</p>}
          <ClaimNoteText note={note} />
        </div>
      )}
    </Loaded>
  )
}
