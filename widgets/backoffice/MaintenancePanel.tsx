import { useStore } from '@nanostores/react'
import type { Backoffice } from '../../sdk/backoffice/index.ts'
import { LoadStates } from '../ui/LoadStates.tsx'
import { Modal } from '../ui/Modal.tsx'
import { useT } from '../ui/index.ts'

/** The maintenance switch and the region switch: their state, and switches that ask for a confirmation first. */
export function MaintenancePanel({ bo }: { bo: Backoffice }) {
  const t = useT()
  const state = useStore(bo.maintenance.$state)
  const pending = useStore(bo.switchMaintenance.$pending)
  return (
    <>
      <h2>{t('admin_maintenance_title')}</h2>
      <p>{t('admin_maintenance_text')}</p>
      <LoadStates state={state} onRetry={() => void bo.maintenance.load()} rows={1}>
        {({ maintenance }) => (
          <div className="lk-bo__switch">
            <button
              type="button"
              role="switch"
              aria-checked={maintenance}
              className={`lk-bo__toggle${maintenance ? ' is-on' : ''}`}
              onClick={() => bo.switchMaintenance.ask(!maintenance)}
            >
              <span aria-hidden="true" className="lk-bo__knob" />
              {t('admin_maintenance_switch')}
            </button>
            <p aria-live="polite">{t(maintenance ? 'admin_maintenance_on' : 'admin_maintenance_off')}</p>
          </div>
        )}
      </LoadStates>
      <Modal
        open={pending !== null}
        onClose={() => bo.switchMaintenance.cancel()}
        name="adminMaintenance"
        titleKey={pending?.action ? 'admin_confirm_maintenance_on_title' : 'admin_confirm_maintenance_off_title'}
      >
        <p>{t(pending?.action ? 'admin_confirm_maintenance_on' : 'admin_confirm_maintenance_off')}</p>
        {pending?.error && (
          <p className="lk-field__error" role="alert">
            {t(pending.error.messageKey)}
          </p>
        )}
        <div className="lk-dialog__buttons">
          <button type="button" className="lk-button" onClick={() => bo.switchMaintenance.cancel()}>
            {t('cancel')}
          </button>
          <button type="button" className="lk-button lk-button--primary" disabled={pending?.busy} aria-busy={pending?.busy} onClick={() => void bo.switchMaintenance.confirm()}>
            {t(pending?.action ? 'admin_maintenance_turn_on' : 'admin_maintenance_turn_off')}
          </button>
        </div>
      </Modal>
      <RegionSwitch bo={bo} />
    </>
  )
}

/** The region switch beside maintenance: players outside the allowed regions are refused while it is on. */
function RegionSwitch({ bo }: { bo: Backoffice }) {
  const t = useT()
  const area = bo.settings
  const state = useStore(area.region.$state)
  const pending = useStore(area.switchRegion.$pending)
  return (
    <>
      <h2>{t('admin_region_title')}</h2>
      <p>{t('admin_region_text')}</p>
      <LoadStates state={state} onRetry={() => void area.region.load()} rows={1}>
        {({ regionRestriction }) => (
          <div className="lk-bo__switch">
            <button
              type="button"
              role="switch"
              aria-checked={regionRestriction}
              className={`lk-bo__toggle${regionRestriction ? ' is-on' : ''}`}
              onClick={() => area.switchRegion.ask(!regionRestriction)}
            >
              <span aria-hidden="true" className="lk-bo__knob" />
              {t('admin_region_switch')}
            </button>
            <p aria-live="polite">{t(regionRestriction ? 'admin_region_on' : 'admin_region_off')}</p>
          </div>
        )}
      </LoadStates>
      <Modal
        open={pending !== null}
        onClose={() => area.switchRegion.cancel()}
        name="adminRegion"
        titleKey={pending?.action ? 'admin_confirm_region_on_title' : 'admin_confirm_region_off_title'}
      >
        <p>{t(pending?.action ? 'admin_confirm_region_on' : 'admin_confirm_region_off')}</p>
        {pending?.error && (
          <p className="lk-field__error" role="alert">
            {t(pending.error.messageKey)}
          </p>
        )}
        <div className="lk-dialog__buttons">
          <button type="button" className="lk-button" onClick={() => area.switchRegion.cancel()}>
            {t('cancel')}
          </button>
          <button type="button" className="lk-button lk-button--primary" disabled={pending?.busy} aria-busy={pending?.busy} onClick={() => void area.switchRegion.confirm()}>
            {t(pending?.action ? 'admin_maintenance_turn_on' : 'admin_maintenance_turn_off')}
          </button>
        </div>
      </Modal>
    </>
  )
}
