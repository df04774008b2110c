/*
 * What every page may call: system, session, member, wallet, games and the embed handoff. Each route is
 * an export of its own and page code calls through a table of the routes it uses (sdk/runtime
 * `roomApi`), so a page carries only the routes and reply schemas it can receive: a bundler drops the
 * routes nobody names. ./core-table.ts gathers them (`coreRoutes`) for the types, the sandbox and the tests.
 * The routes live in three modules by area, this one only re-exports them (a barrel, which a build may
 * leave out, scripts/side-effects.ts): code that calls only the games and the status then loads neither
 * the member's reply schemas nor the sign-up ones beside them (sdk/contract/member.ts).
 */
export * from './core-system.ts'
export * from './core-member.ts'
export * from './core-games.ts'

// Sign-in, the centre's figures, wallet transfers, the launch rules and the embed handoff (not in SPEC;
// paths in the platform's /wps style) are in ./core-on-demand.ts, out of the first load.
