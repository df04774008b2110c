import { atom } from 'nanostores'

/** A button of a dialog: `labelKey` is a locale key; the dialog resolves with `value`. */
export interface DialogButton {
  labelKey: string
  value: string
  primary?: boolean
}

/** A dialog request (SPEC §2: icon, title, html, buttons, optional cover-click close and time-out). */
export interface DialogRequest {
  icon?: 'info' | 'success' | 'warning' | 'error'
  titleKey?: string
  /** Locale key of the body text. */
  messageKey?: string
  /** Literal body text (e.g. a server message); shown as text, never as HTML. */
  message?: string
  /** Sanitised HTML body (sanitise before passing). */
  html?: string
  buttons?: DialogButton[]
  /** Clicking the cover closes the dialog with value `'cover'`. */
  coverClose?: boolean
  /** Closes by itself after this many milliseconds with value `'timeout'`. */
  timeoutMs?: number
}

/** An open dialog. */
export interface OpenDialog extends DialogRequest {
  id: number
  resolve: (value: string) => void
}

/** Dialogs currently open, oldest first; the UI shows the last one. */
export const $dialogs = atom<OpenDialog[]>([])
let nextId = 1

/** Opens a dialog; resolves with the chosen button's value (or `'cover'`, `'timeout'`, `'escape'`). */
export function showDialog(request: DialogRequest): Promise<string> {
  return new Promise((resolve) => {
    const id = nextId++
    const close = (value: string): void => {
      $dialogs.set($dialogs.get().filter((d) => d.id !== id))
      resolve(value)
    }
    $dialogs.set([...$dialogs.get(), { ...request, id, resolve: close }])
    if (request.timeoutMs) setTimeout(() => close('timeout'), request.timeoutMs)
  })
}

/** A warning with one confirm button (SPEC §8 warnings, e.g. `invitation_code_error`). */
export const warn = (messageKey: string, confirmKey = 'ok', message?: string): Promise<string> =>
  showDialog({ icon: 'warning', titleKey: 'warning', messageKey, message, buttons: [{ labelKey: confirmKey, value: 'ok', primary: true }] })

/** A yes/no question; resolves `true` when confirmed. */
export const ask = async (messageKey: string, confirmKey = 'confirm', cancelKey = 'cancel'): Promise<boolean> =>
  (await showDialog({
    icon: 'info',
    messageKey,
    buttons: [
      { labelKey: cancelKey, value: 'cancel' },
      { labelKey: confirmKey, value: 'ok', primary: true },
    ],
  })) === 'ok'

/** Number of operations holding the full-page loader overlay. */
export const $loaderCount = atom(0)

/** Shows the loader overlay while `work` runs. */
export async function withLoader<T>(work: () => Promise<T>): Promise<T> {
  $loaderCount.set($loaderCount.get() + 1)
  try {
    return await work()
  } finally {
    $loaderCount.set($loaderCount.get() - 1)
  }
}
