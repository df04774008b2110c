import { describe, expect, it } from 'vitest'
import { deviceId } from './device.ts'
import { createStorage } from './index.ts'

describe('the device id', () => {
  it('is made once per storage and kept, in the shape the platform reads', () => {
    const storage = createStorage()
    const id = deviceId(storage)
    expect(id).toMatch(/^[A-Za-z0-9_-]{16,64}$/)
    expect(deviceId(storage)).toBe(id)
    expect(deviceId(createStorage())).not.toBe(id)
  })
})
