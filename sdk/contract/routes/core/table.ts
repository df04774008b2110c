import type { Route } from '../route.ts'
import * as core from './core.ts'
import * as lobby from './core-lobby.ts'
import * as onDemand from './core-on-demand.ts'
import * as service from './core-service.ts'

/**
 * The core table whole, by key: what the sandbox, the tests and the key-typed `api` read. Page code
 * never imports it (tests/contract/rooms.test.ts): it names the routes it calls (`./core.ts`,
 * `./core-lobby.ts`, `./core-on-demand.ts`), so a page carries only those and their reply schemas.
 */
export const coreRoutes = { ...core, ...lobby, ...onDemand, ...service } as const satisfies Record<string, Route>
