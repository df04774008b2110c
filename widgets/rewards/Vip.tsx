import './rewards.css'
import { $vip, $vipHere, $vipLadder } from '../../sdk/rewards/index.ts'
import { type LadderRank, ladderHeads, rankFigures } from '../../sdk/rewards/ladder.ts'
import { $loggedIn } from '../../sdk/stores/index.ts'
import { notAsked } from '../../sdk/stores/query.ts'
import { useStore } from '@nanostores/react'
import { EmptyState, ErrorState, Skeleton, useClientStore, useMounted, useT } from '../ui/index.ts'
import { Loaded, money, Progress, RankHistory, when } from './parts.tsx'
import { SignInFirst } from './SignInFirst.tsx'
import { Table } from '../ui/Table.tsx'

/**
 * The VIP page (/vip): the ladder for everyone (what each rank takes and gives, from the platform's
 * configuration); for a member also their rank marked on it, the progress to the next from valid bets
 * and deposits, the date it was reached and the rank history; for a guest, why to sign in. A guest's
 * page draws the same without React (site/components/lean/vip.ts) until they sign in.
 */
export function Vip() {
  const t = useT()
  const loggedIn = useStore($loggedIn)
  const mounted = useMounted()
  // The guest's script-only ladder may have loaded it before this hydrates: the server's skeleton first.
  const ladder = useClientStore($vipLadder, notAsked)
  return (
    <div className="lk-rewards lk-rewards--page lk-rewards--vip">
      {!mounted ? <Skeleton count={1} height={72} /> : loggedIn ? <Standing /> : <SignInFirst messageKey="rewards_vip_guest" />}
      <h3 className="lk-rewards__head">{t('rewards_vip_ladder')}</h3>
      {ladder.error && !ladder.data ? (
        <ErrorState messageKey={ladder.error.messageKey} onRetry={() => $vipLadder.revalidate()} />
      ) : !ladder.data ? (
        <LadderSkeleton />
      ) : ladder.data.ranks.length === 0 ? (
        <EmptyState messageKey="rewards_vip_no_ranks" />
      ) : (
        <Ladder ranks={ladder.data.ranks} />
      )}
      <p className="lk-rewards__figures">{t('rewards_vip_csline')}</p>
      {mounted && loggedIn && <History />}
    </div>
  )
}

/** The member's rank, when it was reached and the progress to the next. */
function Standing() {
  const t = useT()
  const state = useStore($vip)
  // While it loads: the box at its final size (rank, date, next rank and two labelled progress bars).
  if (!state.data && !state.error) return <Skeleton count={1} height={256} />
  return (
    <Loaded store={$vip} rows={1}>
      {(v) => (
        <section className="lk-rewards__hero" aria-labelledby="lk-vip-rank">
          <h2 id="lk-vip-rank">{t('rewards_vip_level', { level: v.level })}</h2>
          {v.reachedAt ? <p>{t('rewards_reached_at', { at: when(v.reachedAt) })}</p> : v.level === 0 && <p>{t('rewards_vip_start')}</p>}
          {v.vipLine && <p className="lk-rewards__state">{t('rewards_vip_line')}</p>}
          {v.next ? (
            <>
              <h3>{t('rewards_vip_next', { level: v.next.level })}</h3>
              <Progress
                value={v.validBet}
                target={v.next.validBet}
                label={t('rewards_valid_bet')}
                shown
                text={t('rewards_vip_progress_bet', { done: money(v.validBet), need: money(v.next.validBet) })}
              />
              <Progress
                value={v.deposit}
                target={v.next.deposit}
                label={t('rewards_deposit')}
                shown
                text={t('rewards_vip_progress_deposit', { done: money(v.deposit), need: money(v.next.deposit) })}
              />
            </>
          ) : (
            <p>{t('rewards_vip_top')}</p>
          )}
        </section>
      )}
    </Loaded>
  )
}

/** Every rank with what reaching it takes and what it gives; the member's own marked "you are here". */
function Ladder({ ranks }: { ranks: readonly LadderRank[] }) {
  const t = useT()
  const here = useStore($vipHere)
  const loggedIn = useStore($loggedIn)
  const mine = loggedIn ? here : null
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: on a laptop narrower than the table it scrolls sideways, and a scrolling region must take focus so a keyboard can scroll it (axe scrollable-region-focusable)
    <div className="lk-rewards__scroll" role="region" aria-label={t('rewards_vip_ladder')} tabIndex={0}>
      <Table className="lk-rewards__table lk-rewards__table--stack" heads={ladderHeads} stacked>
        {ranks.map((r) => (
          // biome-ignore lint/a11y/noRedundantRoles: on a phone the CSS lays each row out as a card, which takes the implicit role away: the row says it itself
          <tr key={r.level} role="row" aria-current={r.level === mine ? 'true' : undefined}>
            {/* biome-ignore lint/a11y/noRedundantRoles: on a phone the CSS lays each row out as a card, which takes the implicit role away: the row says it itself */}
            <th scope="row" role="rowheader">
              {t('rewards_vip_level', { level: r.level })}
              {r.level === mine && <span className="lk-rewards__here">{t('rewards_vip_here')}</span>}
            </th>
            {rankFigures(r).map((text, i) => (
              // biome-ignore lint/a11y/noRedundantRoles: on a phone the CSS lays each row out as a card, which takes the implicit role away: the row says it itself
              <td key={ladderHeads[i + 1]} role="cell" data-label={t(ladderHeads[i + 1])}>
                {text}
              </td>
            ))}
          </tr>
        ))}
      </Table>
    </div>
  )
}

/** Placeholders of the ladder's ranks at their final size: a card each on a phone, a row each wider. */
function LadderSkeleton() {
  const t = useT()
  return (
    <div className="lk-skeleton-group" aria-busy="true">
      <span className="lk-visually-hidden">{t('loading')}</span>
      {[0, 1, 2, 3, 4, 5, 6].map((i) => (
        <span key={i} className="lk-skeleton lk-rewards__rank-skeleton" aria-hidden="true" />
      ))}
    </div>
  )
}

/** The member's rank history. */
function History() {
  const t = useT()
  return (
    <Loaded store={$vip} rows={2}>
      {(v) => (
        <>
          <h3 className="lk-rewards__head">{t('rewards_rank_history')}</h3>
          <RankHistory history={v.history} />
        </>
      )}
    </Loaded>
  )
}
