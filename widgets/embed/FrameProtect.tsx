import { useId, useState, type ReactNode } from 'react'
import { $sessionFigures } from '../../sdk/protect/index.ts'
import memberCss from '../member/member.css?inline'
import { RealityCheckBody, useRealityAnswer } from '../member/ResponsibleCheck.tsx'
import { History } from '../member/ResponsibleGaming.tsx'
import { AdoptedStyles } from '../ui/AdoptedStyles.tsx'
import { useClientStore, useT } from '../ui/index.ts'

// The answers as a row of buttons that wraps on a phone, with room between them.
const frameCss = '.lk-rg-check__actions{display:flex;flex-wrap:wrap;gap:8px}.lk-embed-rg{display:grid;gap:8px}.lk-embed-rg>.lk-button{justify-self:start}'

/**
 * Player protection inside an embed frame: a player signed in through `lk-login` or
 * `lk-register` gets the reality check there too, when the interval they chose has passed: time since
 * login, net result, "continue", "see my history" (the 12-month history, shown here: the frame has no
 * member centre) and "log out". It takes the frame's place, not a floating dialog: a frame sized to
 * its content would clip one. Until then it shows `children` (the frame's welcome).
 */
export default function FrameProtect({ children }: { children?: ReactNode }) {
  const t = useT()
  const id = useId()
  const figures = useClientStore($sessionFigures, null)
  const [history, setHistory] = useState(false)
  const reply = useRealityAnswer(() => setHistory(true))
  if (figures?.due) {
    return (
      <section className="lk-auth lk-embed-welcome" role="alertdialog" aria-modal="false" aria-labelledby={id}>
        <AdoptedStyles css={[frameCss]} />
        <h1 id={id} className="lk-auth__title">
          {t('rg_check_title')}
        </h1>
        <RealityCheckBody figures={figures} {...reply} />
      </section>
    )
  }
  return (
    <>
      {children}
      {history && (
        <div className="lk-rg lk-embed-rg">
          <AdoptedStyles css={[memberCss, frameCss]} />
          <History />
          <button type="button" className="lk-button" onClick={() => setHistory(false)}>
            {t('rg_frame_history_close')}
          </button>
        </div>
      )}
    </>
  )
}
