import { describe, expect, it } from 'vitest'
import { configure } from '../runtime/index.ts'
import { createStorage } from '../storage/index.ts'
import { persisted } from './persisted.ts'

describe('persisted', () => {
  it('reads through decode, saves to the configured storage, and reads again from a new storage', () => {
    const first = createStorage()
    first.local.set('mode', 'weird')
    configure({ storage: first })
    const mode = persisted('mode', (raw) => (raw === 'on' ? 'on' : 'off'))
    expect(mode.$value.get()).toBe('off')
    mode.save('on')
    expect([mode.$value.get(), first.local.get('mode')]).toEqual(['on', 'on'])
    const second = createStorage()
    second.local.set('mode', 'on')
    configure({ storage: second })
    expect(mode.$value.get()).toBe('on')
    configure({ storage: createStorage() })
    expect(mode.$value.get()).toBe('off')
  })
})
