import type { ReactElement } from 'react'
import { StrokeIcon, iconPaths } from './icons.tsx'

// The icons of the islands that hydrate after the first load or load on demand (nav, bottom bar,
// account area, side bars, notices, carousels).
const morePaths = {
  refresh: 'M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7',
  eye: 'M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Zm10 3a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z',
  eyeOff: 'M3 3l18 18M10.6 5.1A10.8 10.8 0 0 1 12 5c6.4 0 10 7 10 7a17 17 0 0 1-3.2 4M6.6 6.6A17 17 0 0 0 2 12s3.6 7 10 7a10 10 0 0 0 5.4-1.6M9.9 9.9a3 3 0 0 0 4.2 4.2',
  chevron: 'M6 9l6 6 6-6',
  gift: 'M20 12v9H4v-9M2 7h20v5H2zM12 22V7M12 7H7.5a2.5 2.5 0 1 1 0-5C11 2 12 7 12 7Zm0 0h4.5a2.5 2.5 0 1 0 0-5C13 2 12 7 12 7Z',
  user: 'M20 21a8 8 0 0 0-16 0M12 13a5 5 0 1 0 0-10 5 5 0 0 0 0 10Z',
  home: 'M3 11 12 3l9 8M5 9.5V21h5v-6h4v6h5V9.5',
  games: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
  mail: 'M3 5h18v14H3zM3 6l9 7 9-7',
  wallet: 'M3 7h16a2 2 0 0 1 2 2v10H5a2 2 0 0 1-2-2V7Zm0 0 2-3h12v3M16 14h2',
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
