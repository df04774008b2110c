/**
 * Which of our modules the bundler may leave out when nothing they export is used (Rolldown's
 * `treeshake.moduleSideEffects`, in the site and embed builds). Without it, every module a barrel
 * (`sdk/shell/index.ts`) re-exports is reached from every island or element that imports one name
 * from that barrel, so the customer-service links, the notices and the rest joined every first load.
 *
 * False only where it is true: a module made of nothing but `export … from` lines (a barrel) does
 * nothing when it runs, and {@link pureModules} lists the modules whose top level only declares
 * (see there). Everything else keeps its side effects.
 * @module
 */
import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'

/**
 * Modules whose top level declares and starts nothing: functions, constants and stores whose work
 * starts in their own `onMount` (which runs only when something uses the store). No listener on
 * another store, no timer, no DOM. Check a module's top level before adding it here.
 */
const pureModules = /\/sdk\/shell\/customer-service\.ts$/

/**
 * Modules whose import starts something every page needs, whether or not anything they export is
 * used: the session lifecycle ends an expired session (and asks to sign in again) on any page. A
 * barrel that re-exports one of them keeps its side effects, so importing one store from
 * `sdk/stores/index.ts` still brings that handler, as it did before barrels could be left out.
 */
const startsOnImport = /\/sdk\/stores\/lifecycle\.ts$/

const statement = /^(export\s+(type\s+)?(\*|\{[^}]*\})\s+from\s+['"][^'"]+['"];?|\/\/.*|\/\*[\s\S]*?\*\/|\s*)$/

const cache = new Map<string, boolean>()

/** Whether `source` is only re-exports (and comments). */
export function onlyReexports(source: string): boolean {
  // Join multi-line `export { … } from '…'` lists and block comments into single statements.
  const flat = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\{[^}]*\}/g, (list) => list.replace(/\s+/g, ' '))
  return flat.split('\n').every((line) => statement.test(line.trim()))
}

/** Whether a barrel's source re-exports a module listed in {@link startsOnImport}. */
const reexportsStarter = (id: string, source: string): boolean =>
  [...source.matchAll(/from\s+['"](\.[^'"]+)['"]/g)].some((m) => startsOnImport.test(resolve(dirname(id), m[1]).replaceAll('\\', '/')))

/** `moduleSideEffects` for our own modules under sdk/ and widgets/; libraries keep their own say. */
export function moduleSideEffects(id: string): boolean | undefined {
  if (!/\/(sdk|widgets)\/[^?]*\.tsx?$/.test(id) || id.includes('/node_modules/')) return undefined
  if (pureModules.test(id)) return false
  let pure = cache.get(id)
  if (pure === undefined) {
    try {
      const source = readFileSync(id, 'utf8')
      pure = onlyReexports(source) && !reexportsStarter(id, source)
    } catch {
      pure = false
    }
    cache.set(id, pure)
  }
  return !pure
}
