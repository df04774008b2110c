import * as mon from '../money.ts'
import { e, type Route } from '../route.ts'

/**
 * The member centre's money calls: profile, payout accounts, wallets, deposits, withdrawals and records.
 * A room's table loads with the code that calls it, so a page carries only the reply schemas it can receive.
 */
export const moneyRoutes = {
  // ── money (SPEC §2 member centre, §4, §5). SPEC names none of these paths: they follow the platform's
  // /wps/member and /wps/relay/MCSFE_ style. Money-moving calls carry an idempotency key. ──────────
  /** Real name, payment password state, payout accounts, last login. Path not in SPEC. */
  moneyProfile: e({ method: 'GET', path: '/wps/member/money/profile', token: true, response: mon.MoneyProfileSchema }),
  /** Sets the real name once (capitalised). Path not in SPEC. */
  setRealName: e({ method: 'POST', path: '/wps/member/realName', token: true, response: mon.MoneyProfileSchema }),
  /** Sets or changes the payment password; sealed like the login password. Path not in SPEC. */
  setPaymentPassword: e({ method: 'POST', path: '/wps/member/paymentPassword', token: true, encrypt: true, response: mon.MoneyProfileSchema }),
  /** Sends a code to a mobile number or email the member wants to bind (dev inbox). Path not in SPEC. */
  sendContactCode: e({ method: 'POST', path: '/wps/member/contact/code', token: true, response: mon.CodeSentValue }),
  /** Binds and verifies that mobile number or email with its code. Path not in SPEC. */
  bindContact: e({ method: 'POST', path: '/wps/member/contact', token: true, response: mon.MoneyProfileSchema }),
  /** Sends a payment-password reset code to the verified mobile. Path not in SPEC. */
  sendPaymentResetCode: e({ method: 'POST', path: '/wps/member/paymentPassword/reset/code', token: true, response: mon.CodeSentValue }),
  /** Sets a new payment password with that code (forgotten password); sealed. Path not in SPEC. */
  resetPaymentPassword: e({ method: 'POST', path: '/wps/member/paymentPassword/reset', token: true, encrypt: true, response: mon.MoneyProfileSchema }),
  /** Adds a bank account or e-wallet in the real name. Path not in SPEC. */
  addPayoutAccount: e({ method: 'POST', path: '/wps/member/payoutAccounts', token: true, response: mon.MoneyProfileSchema }),
  /** Removes a payout account. Path not in SPEC. */
  removePayoutAccount: e({ method: 'POST', path: '/wps/member/payoutAccounts/remove', token: true, response: mon.MoneyProfileSchema }),
  /** Makes a payout account the default. Path not in SPEC. */
  defaultPayoutAccount: e({ method: 'POST', path: '/wps/member/payoutAccounts/default', token: true, response: mon.MoneyProfileSchema }),
  /** Balance of each wallet (main and vendor wallets). Path not in SPEC. */
  walletBalances: e({ method: 'GET', path: '/wps/relay/GCS_getWalletBalances', token: true, response: mon.WalletsSchema }),
  /** Moves every vendor wallet's balance back to the main wallet. Path not in SPEC. */
  walletRecallAll: e({ method: 'POST', path: '/wps/relay/GCS_recallAllWallets', token: true, money: true, response: mon.RecallAllValue }),
  /** Whether and to whom the member may transfer to the upline agent (SPEC §2 transferUpline). Path not in SPEC. */
  uplineTransferInfo: e({ method: 'GET', path: '/wps/relay/MCSFE_getUplineTransferInfo', token: true, response: mon.UplineTransferInfoSchema }),
  /** Transfers to the upline agent with the payment password (sealed), through the ledger. Path not in SPEC. */
  transferUpline: e({ method: 'POST', path: '/wps/relay/MCSFE_transferToUpline', token: true, money: true, encrypt: true, response: mon.UplineTransferValue }),
  /** Deposit channels with limits and presets. Path not in SPEC. */
  depositChannels: e({ method: 'GET', path: '/wps/relay/MCSFE_getDepositChannels', token: true, response: mon.DepositChannelsSchema }),
  /** Creates a deposit order (same key → same order). Path not in SPEC. */
  createDeposit: e({ method: 'POST', path: '/wps/relay/MCSFE_createDepositOrder', token: true, money: true, response: mon.DepositOrderSchema }),
  /** One deposit order's state (the deposit page polls it). Path not in SPEC. */
  depositOrder: e({ method: 'GET', path: '/wps/relay/MCSFE_getDepositOrder', token: true, response: mon.DepositOrderSchema }),
  /** Withdrawable amount, limits and the member's withdrawals. Path not in SPEC. */
  withdrawInfo: e({ method: 'GET', path: '/wps/relay/MCSFE_getWithdrawInfo', token: true, response: mon.WithdrawInfoSchema }),
  /** Requests a withdrawal: the amount is held at once; the payment password is sealed. Path not in SPEC. */
  requestWithdrawal: e({ method: 'POST', path: '/wps/relay/MCSFE_requestWithdrawal', token: true, money: true, encrypt: true, response: mon.WithdrawalSchema }),
  /** Withdrawal confirmation (SPEC §4): received, not received or fully paid. Path not in SPEC. */
  confirmWithdrawal: e({ method: 'POST', path: '/wps/relay/MCSFE_confirmWithdrawal', token: true, money: true, response: mon.WithdrawalSchema }),
  /**
   * Proof image of a withdrawal not received (SPEC §5: png or jpg, at most 5 MB). The body is the raw
   * image with its type as Content-Type, not JSON; the withdrawal id is in the query (`?id=`), so the
   * client sends it with `uploadProof` (sdk/money), not `api`. Path not in SPEC.
   */
  withdrawalProof: e({
    method: 'POST',
    path: '/wps/relay/MCSFE_uploadWithdrawalProof',
    token: true,
    binary: { field: 'proof', maxBytes: mon.proofLimits.maxBytes, tooLarge: 'money_err_proof_size' },
    response: mon.WithdrawalSchema,
  }),
  /** Account record: every balance change with the balance after it. Path not in SPEC. */
  accountRecord: e({ method: 'GET', path: '/wps/relay/MCSFE_getAccountRecord', token: true, response: mon.AccountRecordSchema }),
  /** The account record's filtered range as CSV. Path not in SPEC. */
  accountRecordCsv: e({ method: 'GET', path: '/wps/relay/MCSFE_exportAccountRecord', token: true, response: mon.AccountRecordCsvSchema }),
  /** Betting record with filters and totals. Path not in SPEC. */
  bettingRecord: e({ method: 'GET', path: '/wps/relay/MCSFE_getBettingRecord', token: true, response: mon.BettingRecordSchema }),
  /** Profit and loss per day and per category for a period. Path not in SPEC. */
  profitReport: e({ method: 'GET', path: '/wps/relay/MCSFE_getProfitReport', token: true, response: mon.ProfitSchema }),
  /** One round of the betting record. Path not in SPEC. */
  roundDetail: e({ method: 'GET', path: '/wps/relay/MCSFE_getRoundDetail', token: true, response: mon.RoundDetailSchema }),
} as const satisfies Record<string, Route>
