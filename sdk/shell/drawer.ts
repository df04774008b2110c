import { atom } from 'nanostores'

/** Whether the phone menu drawer is open (the header's menu button and the bottom bar's games entry open it). */
export const $drawerOpen = atom(false)

/** Opens the phone menu drawer. */
export const openDrawer = (): void => $drawerOpen.set(true)

/** Closes the phone menu drawer. */
export const closeDrawer = (): void => $drawerOpen.set(false)
