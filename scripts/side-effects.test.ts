import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { moduleSideEffects, onlyReexports } from './side-effects.ts'

const file = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url))

describe('moduleSideEffects', () => {
  it('lets a bundler leave out a barrel and the listed declaration-only modules when unused', () => {
    expect(moduleSideEffects(file('sdk/shell/index.ts'))).toBe(false)
    expect(moduleSideEffects(file('sdk/shell/customer-service.ts'))).toBe(false)
  })

  it('keeps the side effects of modules that run something, and of barrels re-exporting the session lifecycle', () => {
    expect(moduleSideEffects(file('sdk/stores/lifecycle.ts'))).toBe(true)
    expect(moduleSideEffects(file('sdk/stores/session.ts'))).toBe(true)
    // Importing one store from the barrel must still install the expired-session handler.
    expect(moduleSideEffects(file('sdk/stores/index.ts'))).toBe(true)
  })

  it('has no say on libraries', () => {
    expect(moduleSideEffects(file('node_modules/nanostores/index.js'))).toBeUndefined()
  })
})

describe('onlyReexports', () => {
  it('reads multi-line re-export lists and comments as a barrel, anything else as code', () => {
    expect(onlyReexports("/** docs */\nexport {\n  a,\n  b,\n} from './a.ts'\nexport * from './b.ts'\n// note\n")).toBe(true)
    expect(onlyReexports("export { a } from './a.ts'\nexport const b = 1\n")).toBe(false)
  })
})
