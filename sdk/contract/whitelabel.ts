/**
 * The whitelabel rule, once for the stores, the inline head script and the sandbox: a module is on
 * only when it and every group above it are enabled, and a module missing from the tree is off.
 * @module
 */
import { whitelabelFlags, type WhitelabelFlag, type WhitelabelNode } from './system.ts'

/**
 * Whether `flag` is on in the whitelabel `tree`: some node named `flag` is enabled under enabled
 * ancestors only. A disabled group switches off everything beneath it.
 *
 * Self-contained on purpose (it names nothing outside its own body, and recurses by its own name):
 * the inline head script carries its source text, so the page runs this very rule before any module loads.
 * @example isFlagOn([{ modId: 'LOGIN3', enabled: false, childrenNodes: [{ modId: 'LOGINONLY3', enabled: true, childrenNodes: [] }] }], 'LOGINONLY3') // false
 */
export function isFlagOn(tree: readonly WhitelabelNode[] | null | undefined, flag: string): boolean {
  if (!tree) return false
  for (const node of tree) {
    if (node.enabled && (node.modId === flag || isFlagOn(node.childrenNodes, flag))) return true
  }
  return false
}

/** Every known flag's state in `tree`, by {@link isFlagOn}. */
export function flagsOf(tree: readonly WhitelabelNode[]): Record<WhitelabelFlag, boolean> {
  return Object.fromEntries(whitelabelFlags.map((flag) => [flag, isFlagOn(tree, flag)])) as Record<WhitelabelFlag, boolean>
}
