export { outcome, type Outcome } from '../client/outcome.ts'
