/**
 * Wire schemas of the member centre's money pages (SPEC §2 member center, §3, §4 withdrawal, §5 real
 * name): payment password, real name, payout accounts, deposit channels and orders, withdrawals and
 * their confirmation, the account record and the betting record. Amounts are integers in minor units.
 * @module
 */
import * as v from 'valibot'
import { IdempotencyKey, Minor, PageQuery, PositiveMinor, int, page, required, text } from './common.ts'
import { GameTypeSchema } from './games.ts'
import { Confirmation, confirming } from './account-fields.ts'
import { sixDigitPattern } from './rules.ts'

/** Payment password: 6 digits (kept apart from the login password). */
export const PaymentPassword = v.pipe(v.string(), v.regex(sixDigitPattern, 'err_pay_password_format'))

/** One word of a real name: letters (any script), joined by apostrophes or hyphens, maybe ending in a dot. */
const nameWord = String.raw`(?:\p{L}\p{M}*)+(?:['’-](?:\p{L}\p{M}*)+)*\.?`

/**
 * A real name as the bank knows it (SPEC §3: it must match the bank account name, or a withdrawal is
 * impossible): words of letters (any script) separated by spaces, with apostrophes, hyphens and dots
 * only inside or after a word, 2 to 60 characters. Anything else is "real name format incorrect"
 * (`err_real_name_format`, SPEC §7). The platform stores it capitalised (SPEC §5).
 */
export const RealName = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, 'err_field_required'),
  v.minLength(2, 'err_real_name_format'),
  v.maxLength(60, 'err_real_name_format'),
  v.regex(new RegExp(`^${nameWord}(?:\\s+${nameWord})*$`, 'u'), 'err_real_name_format'),
)

/** Capitalises each word of a real name (`juan dela cruz` → `Juan Dela Cruz`); one rule for both sides. */
export const capitaliseName = (name: string): string =>
  name
    .trim()
    .replace(/\s+/g, ' ')
    .split(' ')
    .map((w) => (w ? w[0].toLocaleUpperCase() + w.slice(1) : w))
    .join(' ')

/** Kinds of payout account. */
export const payoutKinds = ['bank', 'ewallet'] as const
export const PayoutKindSchema = v.picklist(payoutKinds)

/** A bank account or e-wallet the member withdraws to; its payee name is the real name. */
export const PayoutAccountSchema = v.object({
  id: text(64),
  kind: PayoutKindSchema,
  provider: text(64),
  /** Masked except the last four digits. */
  accountNo: text(40),
  payeeName: text(60),
  isDefault: v.boolean(),
})
export type PayoutAccount = v.InferOutput<typeof PayoutAccountSchema>

/** Banks and e-wallets the sandbox platform pays out to. */
export const payoutProviders = { bank: ['BDO', 'BPI', 'Metrobank', 'Landbank'], ewallet: ['GCash', 'Maya'] } as const

/** The money side of "my account": real name, payment password set, payout accounts, last login. */
export const MoneyProfileSchema = v.object({
  realName: text(60),
  hasPaymentPassword: v.boolean(),
  /** Wrong payment passwords left before the lock; 0 while locked. */
  paymentTriesLeft: int(0, 99),
  accounts: v.array(PayoutAccountSchema),
  lastLoginAt: v.nullable(text(40)),
  lastLoginIp: text(64),
  /** The bound mobile number, masked (`+63 •••••••4567`), or `''`. */
  mobile: text(40),
  mobileVerified: v.boolean(),
  /** The bound email, masked (`ju•••@example.com`), or `''`. */
  email: text(160),
  emailVerified: v.boolean(),
})
export type MoneyProfile = v.InferOutput<typeof MoneyProfileSchema>

export const SetRealNameRequest = v.object({ realName: RealName })
/** The current payment password, required to change it once one exists (the platform checks it is right). */
export const CurrentPaymentPassword = v.object({ oldPassword: v.optional(v.pipe(v.string(), v.minLength(1, 'err_field_required'), v.maxLength(32)), '') })
const paymentPasswordEntries = {
  /** Required once a payment password exists: {@link ChangePaymentPasswordRequest}. */
  oldPassword: v.optional(text(32)),
  newPassword: PaymentPassword,
  /** The new password typed again: equal to it. */
  confirmNewPassword: Confirmation,
}
/** Sets the payment password (the first) or changes it: the new one twice. */
export const SetPaymentPasswordRequest = confirming(v.object(paymentPasswordEntries), 'newPassword', 'confirmNewPassword')
/** Changes the payment password: {@link SetPaymentPasswordRequest} with the current one (the platform checks a change with it). */
export const ChangePaymentPasswordRequest = confirming(v.object({ ...paymentPasswordEntries, ...CurrentPaymentPassword.entries }), 'newPassword', 'confirmNewPassword')
/**
 * Adding a payout account, by kind: a bank account number is 10 to 20 digits, an e-wallet the
 * 11-digit mobile number `09…` it belongs to. (The request is their variant, in ./requests.ts.)
 */
export const payoutAccountRequests = {
  bank: v.object({ kind: v.literal('bank'), provider: required(64), accountNo: v.pipe(v.string(), v.trim(), v.regex(/^\d{10,20}$/, 'money_err_bank_number')) }),
  ewallet: v.object({ kind: v.literal('ewallet'), provider: required(64), accountNo: v.pipe(v.string(), v.trim(), v.regex(/^09\d{9}$/, 'money_err_ewallet_number')) }),
}
export const PayoutAccountIdRequest = v.object({ id: required(64) })

// ── security centre: contacts bound by code, payment password reset ─────────

/** A one-time code from the dev inbox: 6 digits. */
export const OneTimeCode = v.pipe(v.string(), v.trim(), v.regex(sixDigitPattern, 'money_err_code_format'))
// The contact binding requests are in ./contact.ts (per channel) and ./requests.ts (their variants).
/** A code was sent: valid this many minutes, to this (masked) address. */
export const CodeSentValue = v.object({ expiredMinutes: int(1), to: text(160) })
/** Resets a forgotten payment password with the code sent to the verified mobile. */
export const ResetPaymentPasswordRequest = confirming(
  v.object({ verificationCode: OneTimeCode, newPassword: PaymentPassword, confirmNewPassword: Confirmation }),
  'newPassword',
  'confirmNewPassword',
)

// ── wallets ─────────────────────────────────────────────────────────────────

/** The member's wallets: the main one and, when the merchant wallet is not single, one per vendor. */
export const WalletsSchema = v.object({
  isSingle: v.boolean(),
  sumBalance: Minor,
  wallets: v.array(v.object({ code: text(32), name: text(64), balance: Minor })),
})
export type Wallets = v.InferOutput<typeof WalletsSchema>
/** A move between the main wallet and a vendor wallet as the form checks it (the request adds its key). */
export const WalletTransferTerms = v.object({ from: text(32), to: text(32), amount: PositiveMinor })
export const WalletTransferRequest = v.object({ ...WalletTransferTerms.entries, idempotencyKey: IdempotencyKey })
export const RecallAllRequest = v.object({ idempotencyKey: IdempotencyKey })
export const RecallAllValue = v.object({ moved: Minor, sumBalance: Minor })

// ── transfer to the upline agent ────────────────────────────────────────────

/** Whether the member may transfer to the upline, to whom, and within which limits. */
export const UplineTransferInfoSchema = v.object({
  allowed: v.boolean(),
  /** The upline agent's account name (`''` when there is none). */
  upline: text(64),
  balance: Minor,
  min: PositiveMinor,
  max: PositiveMinor,
})
export type UplineTransferInfo = v.InferOutput<typeof UplineTransferInfoSchema>
/** Smallest and largest transfer a member asks for (to the upline, or an agent's to a downline), minor units. */
export const memberTransferLimits = { min: 1_00, max: 1_000_000_00 } as const
export const UplineTransferRequest = v.object({
  amount: PositiveMinor,
  paymentPassword: text(32),
  idempotencyKey: IdempotencyKey,
  /** The member confirmed "forfeit bonus and continue" after a `wagering_required` answer. */
  forfeitBonus: v.optional(v.boolean()),
})
/** A transfer to the upline: what moved, to whom, and the balance after it. */
export const UplineTransferValue = v.object({ transferId: text(64), amount: PositiveMinor, upline: text(64), balance: Minor })

// ── deposit ─────────────────────────────────────────────────────────────────

export const depositMethods = ['bank', 'ewallet', 'card', 'crypto'] as const
export const DepositMethodSchema = v.picklist(depositMethods)

/** A deposit channel with its limits and preset amounts (minor units). */
export const DepositChannelSchema = v.object({
  code: text(32),
  method: DepositMethodSchema,
  name: text(64),
  min: PositiveMinor,
  max: PositiveMinor,
  presets: v.array(PositiveMinor),
})
export type DepositChannel = v.InferOutput<typeof DepositChannelSchema>

export const DepositChannelsSchema = v.object({
  channels: v.array(DepositChannelSchema),
  /**
   * An optional deposit promotion the member may still claim, or null: a percentage bonus up to
   * `maxBonus`, to be wagered `turnover` times before the balance may be withdrawn in full.
   */
  promotion: v.nullable(v.object({ code: text(32), percent: int(0, 100), maxBonus: Minor, turnover: int(0, 100) })),
})

export const depositStatuses = ['pending', 'paid', 'failed', 'expired'] as const
export const DepositStatusSchema = v.picklist(depositStatuses)
export type DepositStatus = v.InferOutput<typeof DepositStatusSchema>

/** A deposit order: pending until the gateway pays or declines it, or it expires. */
export const DepositOrderSchema = v.object({
  orderId: text(64),
  channel: text(32),
  method: DepositMethodSchema,
  amount: PositiveMinor,
  status: DepositStatusSchema,
  /** Bank transfer reference the payer quotes. */
  reference: text(32),
  /** Path of the gateway page on the platform origin; the payer opens it in a new window. */
  gatewayPath: text(200),
  /** Crypto channel: the payment address and its QR code (SVG markup). */
  cryptoAddress: v.optional(text(100)),
  qrSvg: v.optional(text(200_000)),
  createdAt: text(40),
  expiresAt: text(40),
  /** The promotion the order claims and the bonus it earns when paid. */
  promotion: v.optional(text(32)),
  bonus: v.optional(Minor),
})
export type DepositOrder = v.InferOutput<typeof DepositOrderSchema>

/** A deposit as the form checks it (the request adds its key). */
export const DepositTerms = v.object({ channel: required(32), amount: PositiveMinor, promotion: v.optional(required(32)) })
export const CreateDepositRequest = v.object({ ...DepositTerms.entries, idempotencyKey: IdempotencyKey })
export const DepositOrderQuery = v.object({ orderId: required(64) })

// ── withdrawal ──────────────────────────────────────────────────────────────

export const withdrawalStatuses = ['requested', 'approved', 'rejected', 'disbursed', 'received', 'not_received', 'fully_paid'] as const
export const WithdrawalStatusSchema = v.picklist(withdrawalStatuses)
export type WithdrawalStatus = v.InferOutput<typeof WithdrawalStatusSchema>

export const WithdrawalSchema = v.object({
  id: text(64),
  amount: PositiveMinor,
  status: WithdrawalStatusSchema,
  account: text(120),
  createdAt: text(40),
  disbursedAt: v.nullable(text(40)),
  /** When an unconfirmed disbursal counts as received. */
  confirmBy: v.nullable(text(40)),
  /** True when the member did not confirm in time and it was regarded as received. */
  autoConfirmed: v.boolean(),
  receivedAmount: v.nullable(Minor),
  remainingAmount: v.nullable(Minor),
  hasProof: v.boolean(),
})
export type Withdrawal = v.InferOutput<typeof WithdrawalSchema>

/** What the withdrawal page needs: withdrawable amount, limits and the member's withdrawals. */
export const WithdrawInfoSchema = v.object({
  balance: Minor,
  /** Wagering still required by a bonus before its amount may be withdrawn. */
  wageringRemaining: Minor,
  withdrawable: Minor,
  min: PositiveMinor,
  max: PositiveMinor,
  confirmMinutes: int(1),
  withdrawals: v.array(WithdrawalSchema),
})
export type WithdrawInfo = v.InferOutput<typeof WithdrawInfoSchema>

export const WithdrawRequest = v.object({
  amount: PositiveMinor,
  accountId: required(64),
  paymentPassword: text(32),
  idempotencyKey: IdempotencyKey,
  /** The member confirmed "forfeit bonus and continue" after a `wagering_required` answer. */
  forfeitBonus: v.optional(v.boolean()),
})

export const withdrawalOutcomes = ['received', 'not_received', 'fully_paid'] as const
/** The member's answer on a disbursed withdrawal, as the receipt form checks it (the request adds its key). */
export const WithdrawalReceipt = v.object({
  id: required(64),
  outcome: v.picklist(withdrawalOutcomes),
  /** Fully paid: what arrived and what remains (minor units, summing to the amount). */
  receivedAmount: v.optional(v.pipe(Minor, v.minValue(0))),
  remainingAmount: v.optional(v.pipe(Minor, v.minValue(0))),
})
export const ConfirmWithdrawalRequest = v.object({ ...WithdrawalReceipt.entries, idempotencyKey: IdempotencyKey })

/** Proof image of a withdrawal not received: png or jpg, at most 5 MB (SPEC §5). */
export const proofLimits = { maxBytes: 5 * 1024 * 1024, types: ['image/png', 'image/jpeg'] } as const

// ── records ─────────────────────────────────────────────────────────────────

/** A date `yyyy-mm-dd` (UTC day). */
export const DateText = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/))

/** Kinds of balance change the account record lists. */
export const recordKinds = ['deposit', 'withdrawal', 'bet', 'transfer', 'bonus', 'other'] as const
export const RecordKindSchema = v.picklist(recordKinds)
export type RecordKind = v.InferOutput<typeof RecordKindSchema>

export const AccountRecordQuery = v.object({
  from: v.optional(DateText),
  to: v.optional(DateText),
  kind: v.optional(v.picklist(['all', ...recordKinds]), 'all'),
  ...PageQuery,
})

/** One balance change with the total balance after it. */
export const RecordEntrySchema = v.object({
  id: text(32),
  time: text(40),
  kind: RecordKindSchema,
  /** Finer name of the change (`withdrawal_hold`, `game_round`…), a locale key suffix. */
  detail: text(40),
  amount: Minor,
  balance: Minor,
  memo: text(200),
})
export type RecordEntry = v.InferOutput<typeof RecordEntrySchema>
export const AccountRecordSchema = page(RecordEntrySchema)
export const AccountRecordCsvSchema = v.object({ filename: text(100), csv: text(2_000_000), rows: int(0) })

export const BettingRecordQuery = v.object({
  from: v.optional(DateText),
  to: v.optional(DateText),
  gameType: v.optional(v.union([v.literal('all'), GameTypeSchema]), 'all'),
  vendor: v.optional(text(32), ''),
  ...PageQuery,
})

export const BetRowSchema = v.object({
  roundId: text(64),
  time: text(40),
  gameName: text(200),
  gameType: GameTypeSchema,
  vendor: text(32),
  stake: Minor,
  validBet: Minor,
  payout: Minor,
  winLoss: Minor,
})
export type BetRow = v.InferOutput<typeof BetRowSchema>
export const BettingRecordSchema = v.object({
  ...page(BetRowSchema).entries,
  totals: v.object({ bet: Minor, validBet: Minor, winLoss: Minor }),
  vendors: v.array(text(32)),
})
export type BettingRecord = v.InferOutput<typeof BettingRecordSchema>

export const RoundDetailQuery = v.object({ roundId: required(64) })
export const RoundDetailSchema = v.object({ ...BetRowSchema.entries, choice: text(64), outcome: text(2000) })

/** Profit and loss of a period: per day and per game category (minor units; win/loss = payout − bet). */
export const ProfitQuery = v.object({ from: v.optional(DateText), to: v.optional(DateText) })
const ProfitLine = { bet: Minor, payout: Minor, winLoss: Minor }
export const ProfitSchema = v.object({
  days: v.array(v.object({ date: text(10), ...ProfitLine })),
  categories: v.array(v.object({ gameType: GameTypeSchema, ...ProfitLine })),
  totals: v.object(ProfitLine),
})
export type Profit = v.InferOutput<typeof ProfitSchema>
