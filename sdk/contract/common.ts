import * as v from 'valibot'

/** Bounded text: every string the platform accepts has an upper bound. */
export const text = /* @__NO_SIDE_EFFECTS__ */ (max = 255) => v.pipe(v.string(), v.maxLength(max))
/** Bounded text that must not be blank. */
export const required = /* @__NO_SIDE_EFFECTS__ */ (max = 255) => v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(max))
/** Integer, optionally within bounds. */
export const int = /* @__NO_SIDE_EFFECTS__ */ (min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER) => v.pipe(v.number(), v.integer(), v.minValue(min), v.maxValue(max))
/** Integer from a query string (`"3"` → 3). */
export const qint = /* @__NO_SIDE_EFFECTS__ */ (min: number, max: number) =>
  v.pipe(v.union([v.string(), v.number()]), v.transform(Number), v.integer(), v.minValue(min), v.maxValue(max))
/** Decimal from a query string. */
export const qnum = /* @__NO_SIDE_EFFECTS__ */ (min: number, max: number) =>
  v.pipe(v.union([v.string(), v.number()]), v.transform(Number), v.number(), v.minValue(min), v.maxValue(max))

/** Money as an integer in minor units (1.00 = 100). */
export const Minor = int(Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER)
/** Positive money amount in minor units, at most 1,000,000,000.00. */
export const PositiveMinor = int(1, 100_000_000_000)

/** Client-generated idempotency key sent with every money-moving call. */
export const IdempotencyKey = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{16,64}$/))

/** Paging request (1-based page). */
export const PageQuery = {
  page: v.optional(qint(1, 100_000), 1),
  pageSize: v.optional(qint(1, 100), 15),
}

/** A page of items. */
export const page = <T extends v.GenericSchema>(item: T) =>
  v.object({
    list: v.array(item),
    page: int(1),
    pageSize: int(1),
    total: int(0),
    totalPages: int(0),
  })

/** Empty object (requests with no input, replies with no value). */
export const Empty = v.object({})
/** `null` value in a reply. */
export const Nothing = v.nullable(v.object({}))

/** Languages the platform answers in. */
export const languages = ['en', 'es', 'cn', 'vi'] as const
export const LanguageSchema = v.picklist(languages)
export type Language = (typeof languages)[number]

/** Most samples a slide-to-verify answer's path holds. */
export const sliderPathMax = 64

/** Slide-to-verify answer submitted with login, registration and SMS sends. */
export const SliderAnswer = v.object({
  challengeId: text(64),
  position: v.pipe(v.number(), v.minValue(0), v.maxValue(1)),
  /** Milliseconds the drag took; a human needs more than a few. */
  durationMs: int(0, 600_000),
  /**
   * The recorded move: up to {@link sliderPathMax} `[tMs, x]` samples (ms since the check was shown,
   * position 0..1), one per pointer move or key press; the platform refuses a path a script would draw.
   */
  path: v.pipe(v.array(v.tuple([int(0, 600_000), v.pipe(v.number(), v.minValue(0), v.maxValue(1))])), v.maxLength(sliderPathMax)),
})
