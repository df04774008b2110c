import { loadNamespaces } from '../../sdk/i18n/index.ts'
import { createPagePanel } from '../ui/PagePanel.tsx'
// As a string, applied when a money page first renders (the centre overlay itself loads on demand).
import styles from './member.css?inline'
import rewardStyles from '../rewards/rewards.css?inline'

const panel = createPagePanel({
  // Each page's code loads the first time it is opened.
  pages: {
    securityCenter: () => import('./Account.tsx').then((m) => ({ default: m.Account })),
    responsibleGaming: () => import('./ResponsibleGaming.tsx').then((m) => ({ default: m.ResponsibleGaming })),
    transferFund: () => import('./Wallet.tsx').then((m) => ({ default: m.Wallet })),
    depositv2: () => import('./Deposit.tsx').then((m) => ({ default: m.Deposit })),
    withdraw: () => import('./Withdraw.tsx').then((m) => ({ default: m.Withdraw })),
    transferUpline: () => import('./Upline.tsx').then((m) => ({ default: m.Upline })),
    transactionHistory: () => import('./AccountRecord.tsx').then((m) => ({ default: m.AccountRecord })),
    personalHistoryCopy: () => import('./BettingRecord.tsx').then((m) => ({ default: m.BettingRecord })),
    personalProfit: () => import('./Profit.tsx').then((m) => ({ default: m.Profit })),
    bonusDetails: () => import('../rewards/BonusDetails.tsx').then((m) => ({ default: m.BonusDetails })),
    rewardCenter: () => import('../rewards/RewardCenter.tsx').then((m) => ({ default: m.RewardCenter })),
    referral: () => import('../rewards/Referral.tsx').then((m) => ({ default: m.Referral })),
    missionLeaderboard: () => import('../rewards/Missions.tsx').then((m) => ({ default: m.Missions })),
    manualRebate: () => import('../rewards/Rebate.tsx').then((m) => ({ default: m.Rebate })),
    playerRank: () => import('../rewards/PlayerRank.tsx').then((m) => ({ default: m.PlayerRank })),
    messageV2: () => Promise.all([import('../service/Messages.tsx'), loadNamespaces(['service'])]).then(([m]) => ({ default: m.Messages })),
  },
  namespaces: ['money', 'protect', 'rewards'],
  className: 'lk-money',
  styles: [styles, rewardStyles],
})

/** Whether the member centre page has content from `widgets/member` (the others still say "Updating"). */
export const hasMemberPage = panel.has

/** One money page of the member centre, with the `money` texts loaded first. */
export const MemberPanel = panel.Panel
