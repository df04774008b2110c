import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A request as the test server saw it. */
export interface SeenRequest {
  method: string
  url: URL
  headers: IncomingMessage['headers']
  body: string
}

/** Decides one reply; may destroy the socket or never answer to simulate failures. */
export type Handler = (request: SeenRequest, res: ServerResponse) => unknown

/** Sends a platform envelope. */
export function reply(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(typeof body === 'string' ? body : JSON.stringify(body))
}

/** Success envelope around `value`. */
export const ok = (value: unknown) => ({ success: true, code: 'ok', message: '', value })

/**
 * A tiny local HTTP server for transport edge cases (malformed replies, drops, hangs) that a real
 * platform should never produce on purpose. Records every request; the handler can be swapped.
 */
export async function startEdgeServer(initial: Handler) {
  let handler = initial
  const seen: SeenRequest[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const request = { method: req.method ?? 'GET', url: new URL(req.url ?? '/', 'http://x'), headers: req.headers, body: Buffer.concat(chunks).toString('utf8') }
      seen.push(request)
      void Promise.resolve(handler(request, res)).catch((error: unknown) => {
        res.writeHead(500)
        res.end(String(error))
      })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    use(next: Handler) {
      handler = next
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
