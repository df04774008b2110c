/**
 * Icons of dialogs, forms and menus (see `icons.tsx`, which draws them).
 * @module
 */
import { Icon } from './icons.tsx'

const circle = 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z'

/** A cross (close, remove). */
export const IconClose = () => <Icon d="M6 6l12 12M18 6 6 18" />
/** An "i" in a circle (information). */
export const IconInfo = () => <Icon d={`${circle}M12 11v5M12 8h.01`} />
/** A tick (success). */
export const IconCheck = () => <Icon d="M5 12.5l4.5 4.5L19 7.5" />
/** An exclamation mark in a triangle (warning). */
export const IconWarning = () => <Icon d="M12 3.5 2.5 20h19zM12 10v4M12 17h.01" />
/** A cross in a circle (error). */
export const IconError = () => <Icon d={`${circle}M9 9l6 6M15 9l-6 6`} />
/** A chevron pointing down (a menu that opens; `[aria-expanded="true"]` turns it up). */
export const IconDown = () => <Icon d="M5 9l7 7 7-7" />
