/**
 * The platform contract shared by the SDK client and the sandbox server: the endpoint table, the
 * reply envelope, error codes and every wire schema. Nothing here does I/O.
 * @module
 */
export * from './envelope.ts'
export * from './common.ts'
export * from './system.ts'
export * from './session.ts'
export * from './member.ts'
export * from './wallet.ts'
export * from './games.ts'
export * from './lottery.ts'
export * from './money.ts'
export * from './agent.ts'
export * from './play-types.ts'
export * from './draw.ts'
export * from './endpoints.ts'
export * from './wire.ts'
export * from './rules.ts'
export * from './whitelabel.ts'
