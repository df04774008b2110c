/** `/sw.js`: the lite app's service worker, served as a file from `/` so it controls every page (site/lib/lite.ts). */
import { workerSource } from '../lib/lite.ts'

export const GET = (): Response => new Response(workerSource(), { headers: { 'Content-Type': 'text/javascript' } })
