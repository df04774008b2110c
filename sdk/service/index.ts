/**
 * Customer service: platform messages and their unread badge, the live chat, feedback,
 * the speed test of domain routes and the help centre. The right bar imports only ./launcher.ts and
 * the header only ./unread.ts; the rest loads with the tool that uses it.
 * @module
 */
export { $serviceTool, $chatUnread, openServiceTool, closeServiceTool, type ServiceTool } from './launcher.ts'
export { $unreadMessages, setUnreadMessages } from './unread.ts'
export { createMessagesStore, type MessagesState, type MessagesStore } from './messages.ts'
export { createChat, pageChatOf, type Chat, type ChatState } from './chat.ts'
export { createFeedbackForm, $myFeedback, type ChosenImage, type FeedbackForm } from './feedback.ts'
export { createSpeedTest, median, type RouteSpeed, type SpeedState, type SpeedTestStore, type Sampler } from './speed.ts'
export { $helpEntries, $helpQuery, $helpResults, searchHelp } from './help.ts'
