import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { useT } from './i18n.ts'
import './ui.css'
import { IconClose } from './icons-more.tsx'
import { holdModal, modalFadeMs } from './modal-core.ts'

/** Props of {@link Modal}. */
export interface ModalProps {
  /** Whether the modal is shown. */
  open: boolean
  /** Called on Escape, the close button, or a cover click when `coverClose`. */
  onClose: () => void
  /** Name used for the `data-modal` attribute (SPEC modal names like `loginPopupModal`). */
  name: string
  /** Locale key of the title; without it pass `labelledBy`. */
  titleKey?: string
  /** Width in CSS pixels (SPEC default 400). */
  width?: number
  /** Show the close button (default true). */
  closable?: boolean
  /** Whether Escape calls `onClose` (default: as `closable`); a dialog without a close button may still close on Escape. */
  escapeCloses?: boolean
  coverClose?: boolean
  /** Background variant. */
  background?: 'plain' | 'brand'
  children: ReactNode
}

/**
 * Accessible modal dialog: focus moves in and returns on close, Escape closes, page scroll is fixed
 * while open, fades in and out in 100 ms.
 */
export function Modal({ open, onClose, name, titleKey, width = 400, closable = true, escapeCloses = closable, coverClose = false, background = 'plain', children }: ModalProps) {
  const t = useT()
  const titleId = useId()
  const panel = useRef<HTMLDivElement>(null)
  const [mounted, setMounted] = useState(open)
  const [visible, setVisible] = useState(false)

  useEffect(() => {
    if (open) {
      setMounted(true)
      const frame = requestAnimationFrame(() => setVisible(true))
      return () => cancelAnimationFrame(frame)
    }
    setVisible(false)
    const timer = setTimeout(() => setMounted(false), modalFadeMs)
    return () => clearTimeout(timer)
  }, [open])

  useEffect(() => {
    if (!open) return
    return holdModal(name, () => panel.current, escapeCloses ? onClose : undefined)
  }, [open, escapeCloses, onClose, name])

  if (!mounted) return null
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a press on the cover outside the dialog closes it, a pointer shortcut only; keyboard users close with Escape or the dialog's own button
    <div className={`lk-modal-cover${visible ? ' is-visible' : ''}`} data-modal={name} onMouseDown={(e) => coverClose && e.target === e.currentTarget && onClose()}>
      <div
        ref={panel}
        className={`lk-modal lk-modal--${background}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleKey ? titleId : undefined}
        tabIndex={-1}
        style={{ maxWidth: width }}
      >
        {titleKey && (
          <h2 id={titleId} className="lk-modal__title">
            {t(titleKey)}
          </h2>
        )}
        {closable && (
          <button type="button" className="lk-modal__close" aria-label={t('close')} onClick={onClose}>
            <IconClose />
          </button>
        )}
        {children}
      </div>
    </div>
  )
}
