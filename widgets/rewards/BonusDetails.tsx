import { $bonuses, wageringPercent } from '../../sdk/rewards/index.ts'
import { useT } from '../ui/index.ts'
import { CardHead, ItemList, Loaded, money, Progress, useSourceText } from './parts.tsx'

/** Bonus details (bonusDetails): every bonus with its wagering requirement and progress, and the total still required (the withdrawal page's figure). */
export function BonusDetails() {
  const t = useT()
  const source = useSourceText()
  return (
    <Loaded store={$bonuses}>
      {({ list, remaining }) => (
        <div className="lk-rewards">
          <dl className="lk-rewards__facts">
            <dt>{t('rewards_wagering_left')}</dt>
            <dd>{money(remaining)}</dd>
          </dl>
          <ItemList items={list} emptyKey="rewards_no_bonuses">
            {(b) => (
              <li key={b.id} className="lk-rewards__card lk-rewards__card--wide">
                <CardHead amount={b.amount} source={source(b.source, b.ref)} at={b.receivedAt} />
                {b.required > 0 ? (
                  <Progress
                    value={b.wagered}
                    target={b.required}
                    label={t('rewards_wagering')}
                    text={t('rewards_wagering_of', { done: money(b.wagered), required: money(b.required), percent: wageringPercent(b) })}
                  />
                ) : (
                  <span className="lk-rewards__figures">{t('rewards_no_wagering')}</span>
                )}
              </li>
            )}
          </ItemList>
        </div>
      )}
    </Loaded>
  )
}
