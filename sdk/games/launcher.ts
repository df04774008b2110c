/**
 * Launching from a card or a link: the launch rules (loaded with the first card opened, not with the
 * page), then what they decided — go to the game, open the vendor popup, or warn. A store per page
 * or popup, so its cards show which one is being launched.
 * @module
 */
import { atom, type ReadableAtom } from 'nanostores'
import { chunkErrorKey, warn, withinChunkTime } from '../ui/index.ts'
import type { LaunchDecision, LaunchTarget } from './launch.ts'
import { openVendorPopup } from './popup.ts'

const loadRules = withinChunkTime(() => import('./launch.ts'))
type Rules = Awaited<ReturnType<typeof loadRules>>

/** The key a card is launched under: its game, or `vendor:` and its vendor. */
export const launchKeyOf = (target: LaunchTarget): string => ('nodeId' in target ? target.nodeId : `vendor:${target.vassalage}`)

/** What {@link createLauncher} returns. */
export interface Launcher {
  /** Key of the card being launched ({@link launchKeyOf}, for `aria-busy`), or `null`. */
  $launching: ReadableAtom<string | null>
  /** Launches a card's game or vendor; answers what the rules decided (`undefined`: they did not load). */
  start(target: LaunchTarget): Promise<LaunchDecision | undefined>
  /** Launches a game known only by its id (a GAME banner's `?nodeId=`). */
  startById(nodeId: string): Promise<LaunchDecision | undefined>
}

/**
 * Creates a launcher. `navigate` goes to a decided address (default: this window).
 * @example const launcher = createLauncher(); await launcher.start(game)
 */
export function createLauncher(navigate: (href: string) => void = (href) => window.location.assign(href)): Launcher {
  const $launching = atom<string | null>(null)
  const run = async (key: string, decide: (rules: Rules) => Promise<LaunchDecision>): Promise<LaunchDecision | undefined> => {
    $launching.set(key)
    try {
      const rules = await loadRules().catch((error: unknown) => chunkErrorKey(error))
      if (typeof rules === 'string') {
        await warn(rules)
        return undefined
      }
      const decision = await decide(rules)
      if (decision.kind === 'navigate') navigate(decision.href)
      else if (decision.kind === 'popup') openVendorPopup(decision.vendor, decision.gameType)
      else if (decision.kind === 'error') await warn(decision.error.messageKey)
      // `blocked`: the auth host already shows the login prompt or the real-account warning.
      return decision
    } finally {
      if ($launching.get() === key) $launching.set(null)
    }
  }
  return {
    $launching,
    start: (target) => run(launchKeyOf(target), (rules) => rules.launch(target)),
    startById: (nodeId) => run(nodeId, (rules) => rules.launchById(nodeId)),
  }
}
