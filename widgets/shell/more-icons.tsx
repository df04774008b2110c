import type { ReactElement } from 'react'
import { StrokeIcon, iconPaths } from './icons.tsx'

// The icons of the islands that hydrate after the first load (side bars, notices, carousels).
const morePaths = {
  speaker: 'M11 5 6 9H2v6h4l5 4V5ZM15.5 8.5a5 5 0 0 1 0 7M19 5a10 10 0 0 1 0 14',
  chat: 'M21 12a8 8 0 0 1-11.8 7L3 21l2-6A8 8 0 1 1 21 12Z',
  whatsapp: 'M3 21l1.7-5A9 9 0 1 1 8 19.4L3 21Zm6-12c0 4 2 6 6 6l1.5-1.5-2-1-1 1c-1.2-.5-2.5-1.8-3-3l1-1-1-2L9 9Z',
  telegram: 'M21 4 3 11l6 2 2 6 3-4 5 4 2-15ZM9 13l9-7',
  star: 'm12 2 3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1L12 2Z',
  calendar: 'M3 5h18v16H3zM3 10h18M8 3v4M16 3v4',
  left: 'M15 18l-6-6 6-6',
  right: 'M9 18l6-6-6-6',
  close: 'M6 6l12 12M18 6 6 18',
  pause: 'M8 5v14M16 5v14',
  play: 'M7 4v16l13-8L7 4Z',
  feedback: 'M4 4h16v12H9l-5 4V4ZM8 9h8M8 12h5',
  gauge: 'M12 15l4-5M3.5 17a9 9 0 1 1 17 0',
} as const

const paths = { ...iconPaths, ...morePaths }

/** Name of an icon in the shell's full set. */
export type MoreIconName = keyof typeof paths

/** A 20px stroke icon of the full set, hidden from assistive technology (the control carries the label). */
export function Icon({ name, size = 20 }: { name: MoreIconName; size?: number }): ReactElement {
  return <StrokeIcon d={paths[name]} size={size} />
}
