/** `/icon-192.png`, `/icon-512.png`: the lite app's icons, drawn from the brand colours (site/lib/lite.ts). */
import { iconPng, iconSizes } from '../lib/lite.ts'

export const getStaticPaths = () => iconSizes.map((size) => ({ params: { size: String(size) } }))

export const GET = ({ params }: { params: { size?: string } }): Response => new Response(new Uint8Array(iconPng(Number(params.size))), { headers: { 'Content-Type': 'image/png' } })
