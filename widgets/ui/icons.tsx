/**
 * The interface's icons: inline SVG strokes on a 24-unit grid, 1em square in the text's colour
 * (`.lk-icon` in ui.css), hidden from assistive technology (the control holding one carries the
 * name). No icon font, no request: each icon is one path string. The game list's icons live here;
 * those of dialogs, forms and menus in `icons-more.tsx`, so the first embedded element (the game
 * list) carries only its own. The header and menus keep their fixed-size set (widgets/shell/icons.tsx),
 * split for the site's first load.
 * @module
 */

/** Props of an icon: a class for sizing, filling or turning it (`lk-icon-flip`). */
export interface IconProps {
  className?: string
}

/** One stroke icon of path `d`. */
export function Icon({ d, className }: IconProps & { d: string }) {
  return (
    <svg className={className ? `lk-icon ${className}` : 'lk-icon'} viewBox="0 0 24 24" aria-hidden="true">
      <path d={d} />
    </svg>
  )
}

/** A five-pointed star (favourites): outlined, filled where its CSS says `fill: currentColor`. */
export const IconStar = (p: IconProps) => <Icon {...p} d="M12 3.2l2.6 5.6 6.1.7-4.5 4.2 1.2 6-5.4-3.1-5.4 3.1 1.2-6-4.5-4.2 6.1-.7z" />
/** A chevron pointing left (previous, scroll back). */
export const IconPrev = (p: IconProps) => <Icon {...p} d="M15 5l-7 7 7 7" />
/** A chevron pointing right (next, scroll on). */
export const IconNext = (p: IconProps) => <Icon {...p} d="M9 5l7 7-7 7" />
/** Two chevrons pointing left (first page). */
export const IconFirst = (p: IconProps) => <Icon {...p} d="M18 5l-7 7 7 7M11 5l-7 7 7 7" />
/** Two chevrons pointing right (last page). */
export const IconLast = (p: IconProps) => <Icon {...p} d="M6 5l7 7-7 7M13 5l7 7-7 7" />
