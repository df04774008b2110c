/**
 * The member centre's money: account money profile, deposits, withdrawals and records, as stores
 * and actions (SPEC §2 member center, §4, §5). Money calls carry an idempotency key kept for retries.
 * @module
 */
export { parseAmount, amountInput, currencyDigits, type ParsedAmount, type AmountLimits } from './amount.ts'
export { keyed } from './keyed.ts'
export type { Outcome } from '../client/outcome.ts'
export { lastDays, shiftRange, rangeDays, endsToday, type DayRange } from './range.ts'
export {
  $moneyProfile,
  loadMoneyProfile,
  saveRealName,
  savePaymentPassword,
  addPayoutAccount,
  removePayoutAccount,
  makeDefaultPayoutAccount,
  createRealNameForm,
  createPayPasswordForm,
  createPayoutAccountForm,
} from './profile.ts'
export {
  createContactCodeSender,
  createPaymentResetSender,
  bindContact,
  resetPaymentPassword,
  createContactForm,
  createPayResetForm,
  type CodeSender,
  type CodeSent,
} from './security.ts'
export { $uplineTransfer, loadUplineTransfer, transferToUpline, createUplineForm } from './upline.ts'
export {
  $depositChannels,
  loadDepositChannels,
  $depositOrder,
  startDeposit,
  clearDepositOrder,
  checkDepositOrder,
  gatewayUrl,
  qrImageUrl,
  depositPollMs,
  createDepositForm,
} from './deposit.ts'
export { $paymentWindow, openPaymentWindow, type PaymentWindow, type OpenWindow } from './payment-window.ts'
export {
  $withdrawInfo,
  $withdrawSetup,
  loadWithdrawInfo,
  requestWithdrawal,
  confirmWithdrawal,
  createWithdrawForm,
  withdrawSetupStep,
  withdrawSetupSteps,
  type WithdrawSetupStep,
} from './withdraw.ts'
export { createPaymentForm, type Payment, type PaymentForm, type PaymentFormOptions } from './payment-form.ts'
export { uploadProof } from './proof.ts'
export { createReceiptForm } from './receipt.ts'
export { $wallets, loadWallets, transferWallet, recallAllWallets, createWalletForm } from './wallets.ts'
export {
  $accountRecord,
  $accountRecordFilter,
  filterAccountRecord,
  loadAccountRecord,
  $bettingRecord,
  $bettingRecordFilter,
  filterBettingRecord,
  loadBettingRecord,
  loadRoundDetail,
  exportAccountRecord,
  recordPageSize,
  $profit,
  $profitFilter,
  filterProfit,
  loadProfit,
  type AccountRecordFilter,
  type BettingRecordFilter,
} from './records.ts'
