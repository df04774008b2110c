import * as v from 'valibot'
import { int, qint, text } from './common.ts'

/**
 * Customer service (SPEC §2): platform messages (messageV2), the live chat with customer
 * service, feedback with images and the operator's answer. The bounds live here once: the sandbox
 * validates with these schemas and the client's forms check the same ones before sending, their
 * messages being message keys of the `service` namespace.
 * @module
 */

// ── help centre, domain routes, feedback (SPEC §7; here rather than in system.ts and member.ts, so only
// the pages that call them carry these schemas) ─────────────────────────────────────────────────
export const HelpEntrySchema = v.object({ id: text(64), title: text(200), content: text(50_000) })
export type HelpEntry = v.InferOutput<typeof HelpEntrySchema>

export const DomainRouteSchema = v.object({
  domainName: text(255),
  device: int(0, 9),
  /** Address the speed test times (the domain's own when absent; the sandbox's routes answer with set delays). */
  probe: v.optional(text(2000)),
})

/** Feedback content length, in characters (SPEC §6: "between two bounds", 140 at most, §9). */
export const feedbackLimits = { min: 10, max: 140 } as const

/** Question types of the feedback form. */
export const feedbackQuestionTypes = ['GAME', 'DEPOSIT', 'WITHDRAW', 'ACCOUNT', 'SUGGESTION', 'OTHER'] as const
/** Feedback (SPEC §6: content within bounds, up to 3 images uploaded first, named by their upload keys). */
export const FeedbackRequest = v.object({
  questionType: v.picklist(feedbackQuestionTypes, 'service_err_type'),
  content: v.pipe(v.string(), v.trim(), v.minLength(feedbackLimits.min, 'service_err_feedback_short'), v.maxLength(feedbackLimits.max, 'service_err_feedback_long')),
  images: v.optional(v.pipe(v.array(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{32}$/))), v.maxLength(3, 'service_err_images_count')), []),
})

// ── platform messages (messageV2) ────────────────────────────────────────────────────────────────
/** One platform message: its body is HTML the client shows only after sanitising. */
export const PlatformMessageSchema = v.object({
  id: int(1),
  title: text(200),
  body: text(20_000),
  /** Epoch milliseconds. */
  createdAt: int(0),
  read: v.boolean(),
})
export type PlatformMessage = v.InferOutput<typeof PlatformMessageSchema>

export const MessageListQuery = v.object({ page: v.optional(qint(1, 10_000), 1), pageSize: v.optional(qint(1, 50), 20) })

/** Marks messages read: the ones named, or every one with `all`. */
export const MessageReadRequest = v.object({
  ids: v.optional(v.pipe(v.array(int(1)), v.maxLength(100)), []),
  all: v.optional(v.boolean(), false),
})
export const MessageDeleteRequest = v.object({ id: int(1) })
/** What a change to the messages answers: the unread count after it (the badge). */
export const UnreadValue = v.object({ unread: int(0) })

// ── chat ─────────────────────────────────────────────────────────────────────────────────────────
/** Longest chat message, in characters. */
export const chatLimits = { maxLength: 500, nameMax: 30, history: 200 } as const

/** The text of a chat message: not blank, at most {@link chatLimits}.maxLength characters. */
export const ChatText = v.pipe(v.string(), v.trim(), v.minLength(1, 'service_err_empty'), v.maxLength(chatLimits.maxLength, 'service_err_too_long'))
/** A guest's name: not blank, at most 30 characters. */
export const GuestName = v.pipe(v.string(), v.trim(), v.minLength(1, 'service_err_name'), v.maxLength(chatLimits.nameMax, 'service_err_name_long'))
/** The secret a guest's browser keeps to come back to its conversation (the server stores only its hash). */
export const GuestKey = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{32,64}$/))

export const ChatMessageSchema = v.object({
  id: int(1),
  from: v.picklist(['player', 'operator']),
  /** Plain text: always shown as text, never as HTML. */
  body: text(2000),
  createdAt: int(0),
  /** The id the player's client gave it (its own messages), so a resent one is recognised. */
  clientId: v.nullable(text(64)),
})
export type ChatMessage = v.InferOutput<typeof ChatMessageSchema>

/** Opens (or resumes) the caller's conversation: a member by the session, a guest by name or key. */
export const ChatOpenRequest = v.object({ guestName: v.optional(GuestName), guestKey: v.optional(GuestKey) })
export const ChatOpenValue = v.object({
  conversationId: int(1),
  /** A guest's key, to keep and send with every later call (absent for a member). */
  guestKey: v.optional(GuestKey),
  name: text(64),
  /** The last messages, oldest first. */
  messages: v.array(ChatMessageSchema),
})
export const ChatSendRequest = v.object({
  guestKey: v.optional(GuestKey),
  /** The client's id of this message (idempotency: a resend after a dropped reply is stored once). */
  clientId: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{8,64}$/)),
  body: ChatText,
})
/** The conversation's messages after id `after` (oldest first); the stream's query too. */
export const ChatMessagesQuery = v.object({ guestKey: v.optional(GuestKey), after: v.optional(qint(0, Number.MAX_SAFE_INTEGER), 0) })

// ── feedback ─────────────────────────────────────────────────────────────────────────────────────
/** Feedback images (SPEC §6: png or jpg, at most 5 MB each, at most 3). */
export const feedbackImageLimits = { maxBytes: 5 * 1024 * 1024, types: ['image/png', 'image/jpeg'], count: 3 } as const
/** An uploaded image's key, sent with the feedback. */
export const UploadKey = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{32}$/))
export const FeedbackImageValue = v.object({ key: UploadKey })

export const FeedbackItemSchema = v.object({
  id: int(1),
  questionType: text(32),
  content: text(500),
  /** Addresses of the images, on the platform. */
  images: v.array(text(300)),
  createdAt: int(0),
  answer: v.nullable(text(2000)),
  answeredAt: v.nullable(int(0)),
})
export type FeedbackItem = v.InferOutput<typeof FeedbackItemSchema>

// ── speed test ───────────────────────────────────────────────────────────────────────────────────
/** How long a speed-test sample may take before it counts as timed out, and how many are taken. */
export const speedTest = { timeoutMs: 3000, samples: 3 } as const
