/**
 * The platform contract the pages use: the reply envelope, error codes, the wire schemas of what every
 * page calls and the core endpoint table (`routes/core/`). Nothing here does I/O.
 *
 * The rooms (lottery, money, agent) keep their schemas and endpoint tables in their own modules, which
 * their code imports directly, so a page that never opens a room carries none of its schemas (a bundler
 * puts everything this barrel reaches into the chunk every page loads). Their types are re-exported
 * here. The sandbox and the contract tests import everything from `./all.ts`.
 * @module
 */
export * from './envelope.ts'
export * from './common.ts'
export * from './system.ts'
export * from './registration.ts'
export * from './session.ts'
export * from './member.ts'
export * from './wallet.ts'
export * from './funds.ts'
export * from './account-replies.ts'
export * from './games.ts'
export * from './notices.ts'
export * from './lobby.ts'
export * from './wire.ts'
export * from './rules.ts'
export * from './age.ts'
export * from './locale.ts'
export * from './whitelabel.ts'
export { e, type CacheName, type Route } from './route.ts'
export type { coreRoutes } from './routes/core/table.ts'
export type * from './lottery.ts'
export type * from './money.ts'
export type * from './agent.ts'
export type * from './protect.ts'
export type * from './play-types.ts'
export type * from './draw.ts'
export type * from './endpoints.ts'
export type * from './rewards.ts'
export type * from './service.ts'
export * from './issues.ts'
