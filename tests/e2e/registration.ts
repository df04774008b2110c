import type { App } from './fixtures.ts'

/**
 * Registration by username alone: the form asks for no mobile number and no SMS code. For journeys
 * about something else than how a player proves a mobile number (the SMS journeys set their own flags).
 */
export async function registrationByUsername(app: App): Promise<void> {
  await app.admin.setFlag('USERNAMEREG3', true)
  await app.admin.setFlag('MOBILENUMREG3', false)
  await app.admin.setFlag('REGSMS3', false)
}
