import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { allLanguages } from '../../sdk/i18n/index.ts'
import { siteDir } from './fixtures.ts'

/**
 * Every route the built site serves in the default language (`/`, `/rng`, …), read from the build
 * (one folder with an `index.html` per route), so a new page is checked without editing a list.
 * Language folders, assets and nested parameter pages (`/rng/fish`) are left out.
 */
export function siteRoutes(dir: string = siteDir): string[] {
  const skip = new Set<string>([...allLanguages, '_astro'])
  const routes = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !skip.has(entry.name) && existsSync(join(dir, entry.name, 'index.html')))
    .map((entry) => `/${entry.name}`)
  return ['/', ...routes.sort()]
}

/**
 * {@link siteRoutes}, then the pages the build made under a route (`/rng/fish`, …) and, when the build
 * has a not-found page, an address nothing serves (`/no-such-page`): every page a visitor can land on.
 */
export function everyRoute(dir: string = siteDir): string[] {
  const top = siteRoutes(dir)
  const nested = top.slice(1).flatMap((route) =>
    readdirSync(join(dir, route), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(join(dir, route, entry.name, 'index.html')))
      .map((entry) => `${route}/${entry.name}`)
      .sort(),
  )
  return [...top, ...nested, ...(existsSync(join(dir, '404.html')) ? ['/no-such-page'] : [])]
}
