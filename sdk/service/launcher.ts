/**
 * What the right bar knows of customer service's tools before their code loads: which tool is open
 * (chat, feedback, speed test) and the chat's unread count. The tools' code (./chat.ts and the
 * widgets) loads the first time one is opened; it writes the count here.
 * @module
 */
import { atom, onMount } from 'nanostores'

/** The right bar's own tools, each opened in a modal. */
export type ServiceTool = 'chat' | 'feedback' | 'speed'

/** The tool open now, or null. */
export const $serviceTool = atom<ServiceTool | null>(null)

/** Operator messages that arrived while the chat was closed (0 until the chat's code has loaded). */
export const $chatUnread = atom(0)

/**
 * The address fragment that opens the chat room as the page loads (`/helpmc#chat`): where the
 * platform's live-chat and VIP entries point when the chat is the platform's own (the sandbox seeds them so).
 */
export const chatFragment = '#chat'

// The right bar watching the tools is the first listener: an address ending in the chat's fragment opens it.
onMount($serviceTool, () => {
  if (typeof location !== 'undefined' && location.hash === chatFragment && $serviceTool.get() === null) $serviceTool.set('chat')
})

/** Opens a tool (its code loads on first open). */
export const openServiceTool = (tool: ServiceTool): void => $serviceTool.set(tool)

/** Closes the open tool. */
export const closeServiceTool = (): void => $serviceTool.set(null)
