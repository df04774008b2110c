import { describe, expect, it } from 'vitest'
import type { WhitelabelNode } from './system.ts'
import { flagsOf, isFlagOn } from './whitelabel.ts'

const node = (modId: string, enabled: boolean, childrenNodes: WhitelabelNode[] = []): WhitelabelNode => ({ modId, enabled, childrenNodes })

describe('isFlagOn', () => {
  const tree = [
    node('LOGIN3', false, [node('LOGINONLY3', true), node('FREEPLAY3', true)]),
    node('REG3', true, [node('DIRECTREG3', true), node('MOBILENUMREG3', false, [node('MOBILENUMPASSREG3', true)])]),
    node('MEMBER3', true, [node('PWDEXPIRY3', true)]),
  ]

  it('needs the flag and every group above it on', () => {
    expect(isFlagOn(tree, 'LOGINONLY3')).toBe(false)
    expect(isFlagOn(tree, 'FREEPLAY3')).toBe(false)
    expect(isFlagOn(tree, 'DIRECTREG3')).toBe(true)
    expect(isFlagOn(tree, 'MOBILENUMREG3')).toBe(false)
    expect(isFlagOn(tree, 'MOBILENUMPASSREG3')).toBe(false)
    expect(isFlagOn(tree, 'PWDEXPIRY3')).toBe(true)
    expect(isFlagOn(tree, 'MEMBER3')).toBe(true)
  })

  it('treats a flag missing from the tree, or no tree, as off', () => {
    expect(isFlagOn(tree, 'SECONDSTEP3')).toBe(false)
    expect(isFlagOn([], 'LOGINONLY3')).toBe(false)
    expect(isFlagOn(undefined, 'LOGINONLY3')).toBe(false)
  })

  it('gives every known flag in flagsOf, by the same rule', () => {
    const flags = flagsOf(tree)
    expect(flags.LOGINONLY3).toBe(false)
    expect(flags.DIRECTREG3).toBe(true)
    expect(flags.SECONDSTEP3).toBe(false)
    expect(Object.keys(flags)).not.toContain('LOGIN3')
  })

  it('names nothing outside its own body, so its source runs on its own (the head script carries it)', () => {
    const copy = new Function(`return (${isFlagOn})`)() as typeof isFlagOn
    expect(copy(tree, 'DIRECTREG3')).toBe(true)
    expect(copy(tree, 'LOGINONLY3')).toBe(false)
  })
})
