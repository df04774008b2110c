/**
 * Message namespaces, one file per language each (`locales/<lang>/<namespace>.json`): `common`
 * (buttons, errors), `shell` (header, nav, notices, footer), `lobby` (game pages), `auth` (account
 * popups and pages), `centre` (member and agent centre overlays), `money` (the member centre's
 * money pages), `lottery` (the lottery pages), `embed` (the embed's frames and the partners page),
 * `agent` (the agent centre's pages), `reset` (the forgot page's "check your email" state and the
 * reset link's landing), `mobile` (the phone menu drawer, bottom bar and lite app), `protect` (the responsible gaming page, reality check and session bar), `rewards` (the reward pages:
 * member centre rewards, VIP, point mall, promotion activities), `service` (customer service's chat, feedback, speed test and platform messages) and `admin` (the operator back office at /admin).
 */
export const namespaces = ['common', 'shell', 'lobby', 'auth', 'centre', 'money', 'lottery', 'embed', 'agent', 'reset', 'mobile', 'protect', 'rewards', 'service', 'admin'] as const
/** One of {@link namespaces}. */
export type Namespace = (typeof namespaces)[number]

/** Whether `name` is a {@link Namespace}. */
export const isNamespace = (name: unknown): name is Namespace => (namespaces as readonly unknown[]).includes(name)
