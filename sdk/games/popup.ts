import { atom } from 'nanostores'
import type { GameType } from '../contract/index.ts'

/** The vendor whose game list is open in the popup (SPEC §3: isGame VASSALAGE), or `null`. */
export const $vendorPopup = atom<{ vendor: string; gameType: GameType } | null>(null)

/** Opens the popup game list of a vendor. */
export const openVendorPopup = (vendor: string, gameType: GameType): void => $vendorPopup.set({ vendor, gameType })

/** Closes the popup game list. */
export const closeVendorPopup = (): void => $vendorPopup.set(null)
