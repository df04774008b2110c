import { describe, expect, it } from 'vitest'
import { createDeps } from '../app.ts'
import type { Db } from '../db/index.ts'
import { createHasher, hashPassword, productionCost, testCost, verifyPassword } from './password.ts'

describe('password hashing', () => {
  it('stores a self-describing scrypt hash at the OWASP minimum with a fresh salt', async () => {
    const a = await hashPassword('demo1234')
    const b = await hashPassword('demo1234')
    expect(a).toMatch(/^\$scrypt\$ln=17,r=8,p=1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/)
    expect(a).not.toBe(b)
    expect(a).not.toContain('demo1234')
  })

  it('verifies the right password and refuses a wrong one or a damaged hash', async () => {
    const h = await hashPassword('demo1234', testCost)
    expect(await verifyPassword('demo1234', h)).toBe(true)
    expect(await verifyPassword('demo1235', h)).toBe(false)
    expect(await verifyPassword('demo1234', h.replace('ln=10', 'ln=30'))).toBe(false)
    expect(await verifyPassword('demo1234', 'plain')).toBe(false)
    expect(await verifyPassword('demo1234', '')).toBe(false)
  })

  it('keeps the production cost (N=2^17, r=8, p=1) when a sandbox is built without the test option', async () => {
    expect(productionCost).toEqual({ logN: 17, r: 8, p: 1 })
    const deps = createDeps({} as Db)
    expect(deps.hasher.cost).toEqual({ logN: 17, r: 8, p: 1 })
    expect(await deps.hasher.hash('demo1234')).toMatch(/^\$scrypt\$ln=17,r=8,p=1\$/)
    const cheap = createDeps({} as Db, { scryptCost: testCost })
    expect(await cheap.hasher.hash('demo1234')).toMatch(/^\$scrypt\$ln=10,r=8,p=1\$/)
  })

  it("hashes payment passwords at the server's cost too: the production cost unless a test sandbox is given a cheaper one", async () => {
    expect(await createDeps({} as Db).payHasher.hash('135790')).toMatch(/^\$scrypt\$ln=17,r=8,p=1\$/)
    expect(await createDeps({} as Db, { scryptCost: testCost }).payHasher.hash('135790')).toMatch(/^\$scrypt\$ln=10,r=8,p=1\$/)
  })

  it('verifies hashes made at either cost, reading the cost from the stored hash', async () => {
    const hasher = createHasher({ cost: testCost })
    const full = await hashPassword('member1234')
    expect(await hasher.verify('member1234', full)).toBe(true)
    expect(await hasher.verify('member1235', full)).toBe(false)
    expect(await hasher.verify('member1234', await hasher.hash('member1234'))).toBe(true)
  })

  it('checks an unknown user against a hash of the same cost as a real one, in the same slots (no timing enumeration)', async () => {
    // scrypt's time is set by its cost, read from the stored hash: the same cost is the same time.
    const hasher = createHasher()
    const real = await hasher.hash('x1')
    const unknown = await hasher.unknownUserHash()
    const params = (h: string) => h.split('$').slice(0, 3).join('$')
    expect(params(unknown)).toBe(params(real))
    expect(params(unknown)).toBe('$scrypt$ln=17,r=8,p=1')
    // Made once; it matches nothing a caller could send.
    expect(await hasher.unknownUserHash()).toBe(unknown)
    expect(await hasher.dummy('x1')).toBe(false)
    expect(await hasher.dummy('')).toBe(false)
    // It waits for a login slot like a real check: with the one slot busy and no queue, it is refused alike.
    const one = createHasher({ cost: testCost, concurrency: 1, queueLimit: 0, loginReserve: 1 })
    const stored = await one.hash('pw')
    await one.unknownUserHash()
    const busy = one.verify('pw', stored)
    await expect(one.dummy('pw')).rejects.toMatchObject({ code: 'busy' })
    await expect(one.verify('pw', stored)).rejects.toMatchObject({ code: 'busy' })
    expect(await busy).toBe(true)
  })

  it('runs a bounded number of hashes and refuses with busy beyond the queue', async () => {
    const hasher = createHasher({ cost: testCost, concurrency: 1, queueLimit: 2 })
    const stored = await hasher.hash('pw')
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => hasher.verify('pw', stored)))
    expect(results.filter((r) => r.status === 'fulfilled' && r.value === true)).toHaveLength(3)
    const refused = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.code)
    expect(refused).toEqual(['busy', 'busy', 'busy'])
    // Once the queue drained, the pool serves again.
    expect(await hasher.verify('pw', stored)).toBe(true)
  })

  it('refuses one source past its share before hashing, while other sources keep being served', async () => {
    const hasher = createHasher({ cost: testCost, concurrency: 1, queueLimit: 16, perSource: 2 })
    const stored = await hasher.hash('pw')
    const flood = await Promise.allSettled(Array.from({ length: 6 }, () => hasher.verify('pw', stored, '203.0.113.9')))
    expect(flood.filter((r) => r.status === 'fulfilled')).toHaveLength(2)
    expect(flood.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.code)).toEqual([
      'rate_limited',
      'rate_limited',
      'rate_limited',
      'rate_limited',
    ])
    const [other] = await Promise.all([hasher.verify('pw', stored, '203.0.113.10'), hasher.dummy('pw', '203.0.113.9')])
    expect(other).toBe(true)
    // The flood's slots are given back once its checks end.
    expect(await hasher.verify('pw', stored, '203.0.113.9')).toBe(true)
  })
})

describe('hashing charged per caller, with capacity kept for logins', () => {
  const codeOf = (r: PromiseSettledResult<unknown>) => (r.status === 'rejected' ? (r.reason as { code: string }).code : 'ok')

  it('one caller gets at most perSource hashes running or waiting; the rest are rate_limited before any hashing', async () => {
    const hasher = createHasher({ cost: testCost, perSource: 3, hashQueueLimit: 16 })
    const results = await Promise.allSettled(Array.from({ length: 40 }, () => hasher.hash('abc12345', 'agent:greedy')))
    const codes = results.map(codeOf)
    expect(codes.filter((c) => c === 'ok')).toHaveLength(3)
    expect(codes.filter((c) => c === 'rate_limited')).toHaveLength(37)
  })

  it('new hashes never take the slots kept for logins: 40 creates from 40 agents leave every login answered', async () => {
    const hasher = createHasher({ cost: testCost, concurrency: 2, queueLimit: 16 })
    const stored = await hashPassword('member1234', testCost)
    const creates = Array.from({ length: 40 }, (_, i) => hasher.hash('abc12345', `agent:a${i}`))
    const logins = Array.from({ length: 16 }, (_, i) => hasher.verify('member1234', stored, `ip:10.0.0.${i}`))
    const [made, signedIn] = await Promise.all([Promise.allSettled(creates), Promise.allSettled(logins)])
    // Every login is checked (none busy), while the creates beyond one running and four waiting are refused.
    expect(signedIn.map((r) => (r.status === 'fulfilled' ? r.value : codeOf(r)))).toEqual(Array(16).fill(true))
    const codes = made.map(codeOf)
    expect(codes.filter((c) => c === 'ok')).toHaveLength(5)
    expect(codes.filter((c) => c === 'busy')).toHaveLength(35)
  })

  it('a waiting login takes a freed slot before a waiting new hash', async () => {
    // One slot, so each computation ends before the next starts and the order they end in is the order
    // the slot was handed out in (with two, a login and a hash run at once, and which ends first is the
    // threads' business: on a loaded machine the last login once ended after the last hash).
    const hasher = createHasher({ cost: testCost, concurrency: 1, queueLimit: 16, hashQueueLimit: 16 })
    const stored = await hashPassword('pw', testCost)
    const order: string[] = []
    const creates = Array.from({ length: 4 }, (_, i) => hasher.hash('x', `agent:o${i}`).then(() => order.push(`hash${i}`)))
    const logins = Array.from({ length: 4 }, (_, i) => hasher.verify('pw', stored, `ip:o${i}`).then(() => order.push(`login${i}`)))
    await Promise.all([...creates, ...logins])
    // The first hash had the slot; every waiting login then takes it before the waiting hashes.
    expect(order).toEqual(['hash0', 'login0', 'login1', 'login2', 'login3', 'hash1', 'hash2', 'hash3'])
  })
})
