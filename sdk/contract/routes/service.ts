import * as v from 'valibot'
import { Empty, page } from '../common.ts'
import * as svc from '../service.ts'
import { e, type Route } from '../route.ts'

/**
 * Customer service's calls: platform messages, the live chat, feedback images and answers.
 * SPEC names `/wps/relay/CSP_unreadCount` and `PUT /wps/feedback` (core); the rest follow the
 * platform's CSP_ relay style. A room's table loads with the code that calls it.
 */
export const serviceRoutes = {
  // ── service. Paths not in SPEC. ──────────────────────────────────────────────────────────────────
  /** The member's platform messages, newest first (messageV2). */
  messageList: e({ method: 'GET', path: '/wps/relay/CSP_messageList', token: true, response: page(svc.PlatformMessageSchema) }),
  /** Marks messages read (some, or all); answers the unread count after. */
  messageRead: e({ method: 'POST', path: '/wps/relay/CSP_readMessage', token: true, response: svc.UnreadValue }),
  /** Deletes one of the member's messages; answers the unread count after. */
  messageDelete: e({ method: 'POST', path: '/wps/relay/CSP_deleteMessage', token: true, response: svc.UnreadValue }),
  /** Opens or resumes the caller's chat (member by session, guest by name then key) with its last messages. */
  chatOpen: e({ method: 'POST', path: '/wps/relay/CSP_chatOpen', token: 'optional', response: svc.ChatOpenValue }),
  /** Sends a chat message (stored once per client id); answers it as stored. */
  chatSend: e({ method: 'POST', path: '/wps/relay/CSP_chatSend', token: 'optional', response: svc.ChatMessageSchema }),
  /** The conversation's messages after an id, oldest first. */
  chatMessages: e({ method: 'GET', path: '/wps/relay/CSP_chatMessages', token: 'optional', response: v.array(svc.ChatMessageSchema) }),
  /**
   * Live messages as Server-Sent Events (`id:` the message id, `data:` one ChatMessage as JSON), from
   * the id after `after` (or the `Last-Event-ID` header) on. Not an envelope: read by sdk/service's stream.
   */
  chatStream: e({ method: 'GET', path: '/wps/relay/CSP_chatStream', token: 'optional', response: svc.ChatMessageSchema }),
  /** Uploads one feedback image (raw png or jpg body, at most 5 MB); answers its key. Sent by `uploadFeedbackImage`. */
  feedbackImage: e({ method: 'POST', path: '/wps/feedback/image', token: 'optional', response: svc.FeedbackImageValue }),
  /** The member's feedback with images and the operator's answers, newest first. */
  feedbackList: e({ method: 'GET', path: '/wps/feedback/list', token: true, response: v.array(svc.FeedbackItemSchema) }),
} as const satisfies Record<string, Route>

/** Requests of {@link serviceRoutes} (the query for GET, the body otherwise). */
export const serviceRequests = {
  messageList: svc.MessageListQuery,
  messageRead: svc.MessageReadRequest,
  messageDelete: svc.MessageDeleteRequest,
  chatOpen: svc.ChatOpenRequest,
  chatSend: svc.ChatSendRequest,
  chatMessages: svc.ChatMessagesQuery,
  chatStream: svc.ChatMessagesQuery,
  feedbackImage: Empty,
  feedbackList: Empty,
} as const satisfies Record<keyof typeof serviceRoutes, v.GenericSchema>
