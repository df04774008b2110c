/**
 * Which of our modules the bundler may leave out when nothing they export is used (Rolldown's
 * `treeshake.moduleSideEffects`, in the embed build). Without it, every module a barrel
 * (`sdk/shell/index.ts`) re-exports is reached from every element that imports one name from that
 * barrel. (The site build does not use it yet: without a chunk group for the shell islands, which
 * cannot be one while they import stylesheets, it splits the first load into more, smaller files.)
 *
 * False only where it is true: a module made of nothing but `export … from` lines (a barrel) does
 * nothing when it runs, and {@link pureModules} lists the modules whose top level only declares
 * (see there). Everything else keeps its side effects.
 * @module
 */
import { readFileSync } from 'node:fs'

/**
 * Modules whose top level declares and starts nothing: functions, constants and stores whose work
 * starts in their own `onMount` (which runs only when something uses the store). No listener on
 * another store, no timer, no DOM. Check a module's top level before adding it here.
 */
const pureModules = /\/sdk\/shell\/customer-service\.ts$/

const statement = /^(export\s+(type\s+)?(\*|\{[^}]*\})\s+from\s+['"][^'"]+['"];?|\/\/.*|\/\*[\s\S]*?\*\/|\s*)$/

const cache = new Map<string, boolean>()

/** Whether `source` is only re-exports (and comments). */
export function onlyReexports(source: string): boolean {
  // Join multi-line `export { … } from '…'` lists and block comments into single statements.
  const flat = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\{[^}]*\}/g, (list) => list.replace(/\s+/g, ' '))
  return flat.split('\n').every((line) => statement.test(line.trim()))
}

/** `moduleSideEffects` for our own modules under sdk/ and widgets/; libraries keep their own say. */
export function moduleSideEffects(id: string): boolean | undefined {
  if (!/\/(sdk|widgets)\/[^?]*\.tsx?$/.test(id) || id.includes('/node_modules/')) return undefined
  if (pureModules.test(id)) return false
  let pure = cache.get(id)
  if (pure === undefined) {
    try {
      pure = onlyReexports(readFileSync(id, 'utf8'))
    } catch {
      pure = false
    }
    cache.set(id, pure)
  }
  return !pure
}
