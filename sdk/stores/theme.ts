import { brandLook, type BrandTheme } from '../brand/look.ts'
import { persisted } from './persisted.ts'

/** Colour themes (SPEC §1): light, or the premium dark; the brand names the default (`brandLook.theme`). */
export type Theme = BrandTheme

const theme = persisted<Theme>('theme', (raw) => (raw === 'dark' || raw === 'light' ? raw : brandLook.theme))

/** The theme, persisted in local storage (`theme`); the site applies it to `<html data-theme>` ({@link applyThemeToPage}). */
export const $theme = theme.$value

/** Switches to `theme` and remembers it. */
export const setTheme = (next: Theme): void => theme.save(next)

/** Light ↔ dark. */
export const toggleTheme = (): void => setTheme($theme.get() === 'dark' ? 'light' : 'dark')

/**
 * Applies the theme to `<html data-theme>` now and on every change; returns the unsubscribe. Only a page
 * that is ours calls it (the site's theme switch): an embedded element lives on a partner's page, whose
 * `<html>` it must leave alone, so importing the stores writes nothing there.
 */
export const applyThemeToPage = (): (() => void) =>
  $theme.subscribe((theme) => {
    document.documentElement.dataset.theme = theme
  })
