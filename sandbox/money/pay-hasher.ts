/**
 * The payment passwords' own hashing pool: one hash at a time, a short queue, at most five per member
 * at once (its tries per window), so payment-password checks cannot pile up or take the login pool's
 * threads. Every call is charged to its member (`member:<id>`). @module
 */
import { createHasher, type Hasher, type ScryptCost } from '../auth/password.ts'

/**
 * Creates the pool every payment-password hash and check of one server goes through.
 * @param cost of new hashes: the server's (the production cost unless a test sandbox is given a cheaper one)
 */
export const createPayHasher = (cost?: ScryptCost): Hasher => createHasher({ cost, concurrency: 1, queueLimit: 8, perSource: 5, loginReserve: 0 })

/**
 * How a money call checks the payment password: with the server's pool (a route passes its context),
 * or, for the race tests that drive the ledger directly, not at all.
 */
export type PasswordCheck = { payHasher: Hasher } | { checkPassword: false }
