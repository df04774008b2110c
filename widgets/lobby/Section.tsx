import type { ReactNode } from 'react'

/** A titled band of a lobby page (hot games, the winner board, PvP rooms): a section named by its own heading. */
export function LobbySection({ id, title, className, children }: { id: string; title: string; className?: string; children: ReactNode }) {
  return (
    <section className={className ? `lk-lobby-section ${className}` : 'lk-lobby-section'} aria-labelledby={id}>
      <h2 id={id} className="lk-lobby-section__title">
        {title}
      </h2>
      {children}
    </section>
  )
}
