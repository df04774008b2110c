import type { ReactElement } from 'react'

// Inline SVG icons: no requests, no icon font, fixed sizes (no layout shift). These are the header's
// (theme and menu buttons), which every page loads at once; the islands that hydrate later or load on
// demand (nav, bottom bar, account area) draw theirs from ./more-icons.tsx, so those paths stay out of
// the first load.
export const iconPaths = {
  sun: 'M12 17a5 5 0 1 0 0-10 5 5 0 0 0 0 10ZM12 1v2M12 21v2M4.2 4.2l1.4 1.4M18.4 18.4l1.4 1.4M1 12h2M21 12h2M4.2 19.8l1.4-1.4M18.4 5.6l1.4-1.4',
  moon: 'M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8Z',
  menu: 'M4 6h16M4 12h16M4 18h16',
} as const

/** Name of an icon in the shell's set. */
export type IconName = keyof typeof iconPaths

/** A 20px stroke icon, hidden from assistive technology (the control carries the label). */
export function Icon({ name, size = 20 }: { name: IconName; size?: number }): ReactElement {
  return <StrokeIcon d={iconPaths[name]} size={size} />
}

/** One 24-unit stroke path drawn as an icon of `size` px, hidden from assistive technology. */
export function StrokeIcon({ d, size = 20 }: { d: string; size?: number }): ReactElement {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={d} />
    </svg>
  )
}
