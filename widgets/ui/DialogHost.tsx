import { $dialogs, $loaderCount } from '../../sdk/ui/index.ts'
import { useClientStore } from './hydration.ts'
import { Modal } from './Modal.tsx'
import { SafeHtml } from './SafeHtml.tsx'
import { useT } from './i18n.ts'
import './ui.css'
import { IconCheck, IconError, IconInfo, IconWarning } from './icons-more.tsx'

const noDialogs: ReturnType<typeof $dialogs.get> = []
const icons = { info: IconInfo, success: IconCheck, warning: IconWarning, error: IconError } as const

/** The dialog's kind as an icon in a disc. */
function DialogIcon({ kind }: { kind: keyof typeof icons }) {
  const Icon = icons[kind]
  return (
    <span className={`lk-dialog__icon lk-dialog__icon--${kind}`} aria-hidden="true">
      <Icon />
    </span>
  )
}

/** Renders the open dialogs (last on top) and the loader overlay. Mount once per page. */
export function DialogHost() {
  // This idle island may hydrate after another island already opened a dialog or the loader.
  const dialogs = useClientStore($dialogs, noDialogs)
  const loading = useClientStore($loaderCount, 0) > 0
  const t = useT()
  const top = dialogs[dialogs.length - 1]
  return (
    <>
      {top && (
        <Modal open name="dialog" titleKey={top.titleKey} onClose={() => top.resolve('escape')} coverClose={top.coverClose} closable={false} escapeCloses>
          <div className="lk-dialog" role="alertdialog" aria-live="assertive">
            {top.icon && <DialogIcon kind={top.icon} />}
            {top.messageKey && <p>{t(top.messageKey)}</p>}
            {top.message && <p>{top.message}</p>}
            {/* Dialog HTML may come from the server: sanitised here, whoever opened the dialog. */}
            {top.html && <SafeHtml html={top.html} />}
            <div className="lk-dialog__buttons">
              {(top.buttons ?? [{ labelKey: 'ok', value: 'ok', primary: true }]).map((b) => (
                <button key={b.value} type="button" className={b.primary ? 'lk-button lk-button--primary' : 'lk-button'} onClick={() => top.resolve(b.value)}>
                  {t(b.labelKey)}
                </button>
              ))}
            </div>
          </div>
        </Modal>
      )}
      {loading && <Loader />}
    </>
  )
}

/** Full-page loader overlay. */
export function Loader() {
  const t = useT()
  return (
    <div className="lk-loader" role="status" aria-live="polite">
      <span className="lk-spinner" aria-hidden="true" />
      <span className="lk-visually-hidden">{t('loading')}</span>
    </div>
  )
}
