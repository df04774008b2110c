import { createPagePanel } from '../ui/PagePanel.tsx'
// As strings, applied when an agent page first renders: the money pages' layout classes, and the agent's own.
import moneyStyles from '../member/member.css?inline'
import styles from './agent.css?inline'

const panel = createPagePanel({
  // Each page's code loads the first time it is opened.
  pages: {
    agentAnnouncement: () => import('./Announcements.tsx').then((m) => ({ default: m.Announcements })),
    agentTeamOverview: () => import('./TeamOverview.tsx').then((m) => ({ default: m.TeamOverview })),
    // Beside the invitation codes: what the agent's embedded widgets brought with them.
    registerCenter: () =>
      Promise.all([import('./RegisterCenter.tsx'), import('./InvitationFunnel.tsx'), import('./EmbedFunnel.tsx')]).then(([m, i, f]) => ({
        default: () => (
          <>
            <m.RegisterCenter />
            <i.InvitationFunnel />
            <f.EmbedFunnel />
          </>
        ),
      })),
    downlineManagmentView: () => import('./Downlines.tsx').then((m) => ({ default: m.Downlines })),
    personalHistoryCopy: () => import('./TeamBets.tsx').then((m) => ({ default: m.TeamBets })),
    palStatementsAgentCopy: () => import('./ProfitLoss.tsx').then((m) => ({ default: m.ProfitLoss })),
    agentRevenueReport: () => import('./Income.tsx').then((m) => ({ default: m.Income })),
    agentDownlineTransactionDetailsCopy: () => import('./Transactions.tsx').then((m) => ({ default: m.Transactions })),
    agentDividendRecordCopy2: () => import('./Income.tsx').then((m) => ({ default: () => <m.PayoutRecord kind="dividend" /> })),
    agentDailyWages2: () => import('./Income.tsx').then((m) => ({ default: () => <m.PayoutRecord kind="daily_salary" /> })),
    agentHourSalary: () => import('./Income.tsx').then((m) => ({ default: () => <m.PayoutRecord kind="hourly_salary" /> })),
    agentRealtimeSalary: () => import('./Income.tsx').then((m) => ({ default: () => <m.PayoutRecord kind="realtime_salary" /> })),
  },
  // auth: the registration rules' messages, which registerCenter's fields share; embed: the embed funnel's.
  namespaces: ['agent', 'money', 'auth', 'embed'],
  className: 'lk-money lk-agent',
  styles: [moneyStyles, styles],
})

/** Whether the agent centre page has content from `widgets/agent` (the others still say "Updating"). */
export const hasAgentPage = panel.has

/** One page of the agent centre, with the `agent` and `money` texts loaded first. */
export const AgentPanel = panel.Panel
