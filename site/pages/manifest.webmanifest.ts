/** `/manifest.webmanifest`: the lite app's web app manifest (site/lib/lite.ts). */
import { manifest } from '../lib/lite.ts'

export const GET = (): Response => new Response(JSON.stringify(manifest(), null, 2), { headers: { 'Content-Type': 'application/manifest+json' } })
