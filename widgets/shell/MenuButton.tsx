import { $drawerOpen, openDrawer } from '../../sdk/shell/index.ts'
import { useClientStore, useT } from '../ui/index.ts'
import { Icon } from './icons.tsx'

/** The header's menu button on phones: opens the menu drawer (`MobileNav.tsx`). */
export function MenuButton() {
  const t = useT()
  const open = useClientStore($drawerOpen, false)
  return (
    <button type="button" className="lk-iconbutton lk-menubutton" aria-haspopup="dialog" aria-expanded={open} aria-label={t('mobile_menu_open')} onClick={openDrawer}>
      <Icon name="menu" size={24} />
    </button>
  )
}
