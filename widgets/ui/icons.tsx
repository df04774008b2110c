/**
 * The interface's icons: inline SVG strokes on a 24-unit grid, 1em square in the text's colour
 * (`.lk-icon` in ui.css), hidden from assistive technology (the control holding one carries the
 * name). No icon font, no request: each icon is one path string. The lists' icons live here;
 * those of dialogs, forms and menus in `icons-more.tsx`. The game list (the first embedded element,
 * at its size budget) keeps its own inline star and the pager's typographic chevrons. The header
 * and menus keep their fixed-size set (widgets/shell/icons.tsx), split for the site's first load.
 * @module
 */

/** One stroke icon of path `d`; its control's CSS sizes, fills or turns it (`.lk-gamecard__fav svg`). */
export function Icon({ d }: { d: string }) {
  return (
    <svg className="lk-icon" viewBox="0 0 24 24" aria-hidden>
      <path d={d} />
    </svg>
  )
}

/** A five-pointed star (favourites): outlined, filled where its CSS says `fill: currentColor`. */
export const IconStar = () => <Icon d="M12 3.2l2.6 5.6 6.1.7-4.5 4.2 1.2 6-5.4-3.1-5.4 3.1 1.2-6-4.5-4.2 6.1-.7z" />
/** A chevron pointing left (previous, scroll back). */
export const IconPrev = () => <Icon d="M15 5l-7 7 7 7" />
/** A chevron pointing right (next, scroll on). */
export const IconNext = () => <Icon d="M9 5l7 7-7 7" />
