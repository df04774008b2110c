/**
 * Global setup of the browser journeys: the same test-database lifecycle as the unit tests
 * (tests/template-setup.ts): each journey's sandbox starts on its own copy of one seeded template
 * database in a throwaway PostgreSQL cluster, or on a PGlite copy without the binaries.
 */
export { default } from '../template-setup.ts'
