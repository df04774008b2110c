// The few parts of `oidc-provider` (a dev dependency, shipped without types) the tests' local
// OpenID provider uses (sandbox/auth/oidc-testkit.ts).
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http'

  interface Grant {
    addOIDCScope(scope: string): void
    save(): Promise<string>
  }

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>)
    callback(): (req: IncomingMessage, res: ServerResponse) => void
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<{ uid: string; params: Record<string, unknown>; prompt: { name: string } }>
    interactionFinished(req: IncomingMessage, res: ServerResponse, result: Record<string, unknown>, options?: { mergeWithLastSubmission?: boolean }): Promise<void>
    Grant: new (init: {
      accountId: string
      clientId: string
    }) => Grant
    /** The access tokens it issued (the tests' Graph `/me` looks a bearer token up here). */
    AccessToken: { find(value: string): Promise<{ accountId: string; clientId: string } | undefined> }
  }
}
