import { useEffect, type RefObject } from 'react'

/** While `open`, calls `close` when a pointer press or focus lands outside `root` (menus, dropdowns). */
export function useCloseOnOutside(root: RefObject<HTMLElement | null>, open: boolean, close: () => void): void {
  useEffect(() => {
    if (!open) return
    const away = (e: Event) => {
      if (!root.current?.contains(e.target as Node)) close()
    }
    document.addEventListener('pointerdown', away)
    document.addEventListener('focusin', away)
    return () => {
      document.removeEventListener('pointerdown', away)
      document.removeEventListener('focusin', away)
    }
  }, [open, root, close])
}
