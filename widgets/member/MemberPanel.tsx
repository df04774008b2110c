import { loadNamespaces } from '../../sdk/i18n/index.ts'
import { createPagePanel } from '../ui/PagePanel.tsx'
// As a string, applied when a money page first renders (the centre overlay itself loads on demand).
import styles from './member.css?inline'

const panel = createPagePanel({
  // Each page's code loads the first time it is opened.
  pages: {
    securityCenter: () => import('./Account.tsx').then((m) => ({ default: m.Account })),
    transferFund: () => import('./Wallet.tsx').then((m) => ({ default: m.Wallet })),
    depositv2: () => import('./Deposit.tsx').then((m) => ({ default: m.Deposit })),
    withdraw: () => import('./Withdraw.tsx').then((m) => ({ default: m.Withdraw })),
    transferUpline: () => import('./Upline.tsx').then((m) => ({ default: m.Upline })),
    transactionHistory: () => import('./AccountRecord.tsx').then((m) => ({ default: m.AccountRecord })),
    personalHistoryCopy: () => import('./BettingRecord.tsx').then((m) => ({ default: m.BettingRecord })),
    personalProfit: () => import('./Profit.tsx').then((m) => ({ default: m.Profit })),
    messageV2: () => Promise.all([import('../service/Messages.tsx'), loadNamespaces(['service'])]).then(([m]) => ({ default: m.Messages })),
  },
  namespaces: ['money'],
  className: 'lk-money',
  styles: [styles],
})

/** Whether the member centre page has content from `widgets/member` (the others still say "Updating"). */
export const hasMemberPage = panel.has

/** One money page of the member centre, with the `money` texts loaded first. */
export const MemberPanel = panel.Panel
