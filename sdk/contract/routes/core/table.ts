import type { Route } from '../../route.ts'
import * as site from './site.ts'
import * as categories from './categories.ts'
import * as help from './help.ts'
import * as signIn from './sign-in.ts'
import * as funds from './funds.ts'
import * as launch from './launch.ts'
import * as notices from './notices.ts'
import * as promotions from './promotions.ts'
import * as embed from './embed.ts'

/**
 * The core table whole, by key: what the sandbox, the tests and the key-typed `api` read. Page code
 * never imports it (tests/contract/rooms.test.ts): it names the modules of the routes it calls, so a
 * page carries only those and their reply schemas.
 */
export const coreRoutes = { ...site, ...categories, ...help, ...signIn, ...funds, ...launch, ...notices, ...promotions, ...embed } as const satisfies Record<string, Route>
