import { useStore } from '@nanostores/react'
import { $awards, $claiming, claimAward } from '../../sdk/rewards/index.ts'
import { useT } from '../ui/index.ts'
import { CardHead, ClaimNoteText, ItemList, Loaded, money, useClaim, useSourceText, when } from './parts.tsx'

/** The reward centre (rewardCenter): claimable rewards with one-click claim, then those claimed. */
export function RewardCenter() {
  const t = useT()
  const source = useSourceText()
  const claiming = useStore($claiming)
  const { note, claim } = useClaim()
  return (
    <Loaded store={$awards}>
      {({ list }) => {
        const open = list.filter((a) => a.status === 'claimable')
        const done = list.filter((a) => a.status === 'claimed')
        return (
          <div className="lk-rewards">
            <ClaimNoteText note={note} />
            <h3 className="lk-rewards__head">{t('rewards_claimable')}</h3>
            <ItemList items={open} emptyKey="rewards_none_claimable">
              {(a) => (
                <li key={a.id} className="lk-rewards__card">
                  <CardHead amount={a.amount} source={source(a.source, a.ref)} at={a.createdAt} />
                  <button
                    type="button"
                    className="lk-button lk-button--primary"
                    aria-label={t('rewards_claim_named', { amount: money(a.amount), source: source(a.source, a.ref) })}
                    disabled={claiming.has(`award:${a.id}`)}
                    onClick={() => void claim(claimAward(a.id), () => t('rewards_claimed_note', { amount: money(a.amount) }))}
                  >
                    {t('rewards_claim')}
                  </button>
                </li>
              )}
            </ItemList>
            <h3 className="lk-rewards__head">{t('rewards_claimed')}</h3>
            <ItemList items={done} emptyKey="rewards_none_claimed">
              {(a) => (
                <li key={a.id} className="lk-rewards__row">
                  <span>{source(a.source, a.ref)}</span>
                  <strong>{money(a.amount)}</strong>
                  <small>{a.claimedAt ? when(a.claimedAt) : ''}</small>
                </li>
              )}
            </ItemList>
          </div>
        )
      }}
    </Loaded>
  )
}
