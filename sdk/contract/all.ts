/**
 * The whole platform contract: every wire schema and the full endpoint table with its request schemas.
 * What the sandbox serves and the contract tests read; the pages import `./index.ts` and their room's
 * modules instead (see there).
 * @module
 */
export * from './index.ts'
export * from './lottery.ts'
export * from './money.ts'
export * from './agent.ts'
export * from './play-types.ts'
export * from './draw.ts'
export * from './endpoints.ts'
export * from './requests.ts'
export * from './account-fields.ts'
export * from './account-requests.ts'
export * from './handoff.ts'
export * from './protect.ts'
export * from './rewards.ts'
export * from './contact.ts'
export * from './service.ts'
export * from './promotion.ts'
export * from './backoffice.ts'
export * from './routes/backoffice.ts'
