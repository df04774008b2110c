import * as ses from '../../session.ts'
import { e } from '../../route.ts'

/** Sign-in with a password (the login form and the password change that signs in again). */
export const login = e({ method: 'POST', path: '/wps/session/login', token: false, encrypt: true, response: ses.LoginValue })
