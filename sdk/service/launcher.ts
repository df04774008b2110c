/**
 * What the right bar knows of customer service's tools before their code loads: which tool is open
 * (chat, feedback, speed test) and the chat's unread count. The tools' code (./chat.ts and the
 * widgets) loads the first time one is opened; it writes the count here.
 * @module
 */
import { atom } from 'nanostores'

/** The right bar's own tools, each opened in a modal. */
export type ServiceTool = 'chat' | 'feedback' | 'speed'

/** The tool open now, or null. */
export const $serviceTool = atom<ServiceTool | null>(null)

/** Operator messages that arrived while the chat was closed (0 until the chat's code has loaded). */
export const $chatUnread = atom(0)

/** Opens a tool (its code loads on first open). */
export const openServiceTool = (tool: ServiceTool): void => $serviceTool.set(tool)

/** Closes the open tool. */
export const closeServiceTool = (): void => $serviceTool.set(null)
