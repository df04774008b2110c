import { atom } from 'nanostores'
import { $storage } from '../runtime/index.ts'

/** Colour themes (SPEC §1): light is the default. */
export type Theme = 'light' | 'dark'

const readTheme = (): Theme => ($storage.get().local.get('theme') === 'dark' ? 'dark' : 'light')

/** The theme, persisted in local storage (`theme`) and applied to `<html data-theme>` at once. */
export const $theme = atom<Theme>(readTheme())
$storage.listen(() => $theme.set(readTheme()))

/** Switches to `theme` and remembers it. */
export function setTheme(theme: Theme): void {
  $storage.get().local.set('theme', theme)
  $theme.set(theme)
}

/** Light ↔ dark. */
export const toggleTheme = (): void => setTheme($theme.get() === 'dark' ? 'light' : 'dark')

if (typeof document !== 'undefined') {
  $theme.subscribe((theme) => {
    document.documentElement.dataset.theme = theme
  })
}
