/**
 * Vite/Rolldown plugin of the site and embed builds: ofetch's imports of `ufo` and `destr` resolve to
 * sdk/client/ofetch-deps.ts (see there), so the first load carries ofetch without those libraries.
 * Only ofetch's own imports are redirected.
 * @module
 */
import { fileURLToPath } from 'node:url'

const shim = fileURLToPath(new URL('../sdk/client/ofetch-deps.ts', import.meta.url))

export const ofetchDeps = {
  name: 'lobbykit:ofetch-deps',
  enforce: 'pre' as const,
  resolveId(source: string, importer: string | undefined): string | null {
    if ((source === 'ufo' || source === 'destr') && importer && /[\\/]node_modules[\\/]ofetch[\\/]/.test(importer)) return shim
    return null
  },
}
