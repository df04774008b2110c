/**
 * The payment passwords' own hashing pool (production cost): one hash at a time, a short queue, at most
 * five per member at once (its tries per window), so payment-password checks cannot pile up or take the
 * login pool's threads.
 * Every call is charged to its member (`member:<id>`). @module
 */
import { createHasher } from '../auth/password.ts'

/** The pool every payment-password hash and check goes through. */
export const payHasher = createHasher({ concurrency: 1, queueLimit: 8, perSource: 5, loginReserve: 0 })
