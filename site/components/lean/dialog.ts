import { t } from '../../../sdk/i18n/index.ts'
import { holdModal, modalFadeMs } from '../../../widgets/ui/modal-core.ts'
import { element } from './press.ts'

/** What {@link openDialog} draws. */
export interface LeanDialogProps {
  /** The `data-modal` name (SPEC modal names, as the React `Modal`'s `name`). */
  name: string
  /** Locale key of the title. */
  titleKey: string
  /** Width in CSS pixels. */
  width: number
  /** Called on Escape and the close button: it decides, and calls the dialog's `close`. */
  onClose: () => void
  body: Node
}

/** An open {@link openDialog} dialog. */
export interface LeanDialog {
  /** Fades the dialog out and takes it away (once). */
  close: () => void
}

/**
 * A modal dialog drawn without React on a content page, the same as widgets/ui/Modal.tsx draws it
 * (its classes, so its looks; its behaviour from modal-core): focus moves in and returns on close,
 * Escape and the close button call `onClose`, the page does not scroll meanwhile, it fades in and out.
 */
export function openDialog({ name, titleKey, width, onClose, body }: LeanDialogProps): LeanDialog {
  const cover = element('div', 'lk-modal-cover')
  cover.dataset.modal = name
  const panel = element('div', 'lk-modal lk-modal--plain')
  panel.setAttribute('role', 'dialog')
  panel.setAttribute('aria-modal', 'true')
  panel.tabIndex = -1
  panel.style.maxWidth = `${width}px`
  const title = element('h2', 'lk-modal__title', t(titleKey))
  title.id = `lk-dialog-${name}`
  panel.setAttribute('aria-labelledby', title.id)
  const close = element('button', 'lk-modal__close')
  close.type = 'button'
  close.setAttribute('aria-label', t('close'))
  // The icon the server drew (site/components/LeanShell.astro).
  const icon = document.querySelector<HTMLTemplateElement>('template[data-close-icon]')?.content
  if (icon) close.append(icon.cloneNode(true))
  close.addEventListener('click', onClose)
  panel.append(title, close, body)
  cover.append(panel)
  document.body.append(cover)
  const frame = requestAnimationFrame(() => cover.classList.add('is-visible'))
  const release = holdModal(name, () => panel, onClose)
  let closed = false
  return {
    close: () => {
      if (closed) return
      closed = true
      cancelAnimationFrame(frame)
      release()
      cover.classList.remove('is-visible')
      setTimeout(() => cover.remove(), modalFadeMs)
    },
  }
}
