import type { RouteModule } from '../../http/handle.ts'
import { registerMoneyProfileRoutes } from './profile.ts'
import { registerPayoutAccountRoutes } from './payout-accounts.ts'
import { registerUplineTransferRoutes } from './upline.ts'
import { registerDepositRoutes } from './deposits.ts'
import { registerWithdrawalRoutes } from './withdrawals.ts'
import { registerRecordRoutes } from './records.ts'

/** The money routes, one module per resource: money profile, payout accounts, upline transfers, deposits, withdrawals, records. */
export const moneyRoutes: readonly RouteModule[] = [
  registerMoneyProfileRoutes,
  registerPayoutAccountRoutes,
  registerUplineTransferRoutes,
  registerDepositRoutes,
  registerWithdrawalRoutes,
  registerRecordRoutes,
]
