import { useStore } from '@nanostores/react'
import { lazy, Suspense } from 'react'
import { $serviceTool, closeServiceTool } from '../../sdk/service/launcher.ts'
import { AdoptedStyles } from '../ui/AdoptedStyles.tsx'
import { Modal } from '../ui/Modal.tsx'
import { Skeleton } from '../ui/index.ts'
import styles from './service.css?inline'

// Each tool's code loads the first time it is opened (the chat's stream code only with the chat).
const ChatRoom = lazy(() => import('./ChatRoom.tsx').then((m) => ({ default: m.ChatRoom })))
const Feedback = lazy(() => import('./Feedback.tsx').then((m) => ({ default: m.Feedback })))
const SpeedTest = lazy(() => import('./SpeedTest.tsx').then((m) => ({ default: m.SpeedTest })))

const modals = {
  chat: { name: 'chatRoom', titleKey: 'service_chat_title', Body: ChatRoom, width: 420 },
  feedback: { name: 'feedback', titleKey: 'service_fb_title', Body: Feedback, width: 460 },
  speed: { name: 'speedTest', titleKey: 'service_speed_title', Body: SpeedTest, width: 460 },
} as const

/** The right bar's tools, each in its modal; the one `$serviceTool` names is open. */
export default function ServiceHost() {
  const tool = useStore($serviceTool)
  return (
    <>
      <AdoptedStyles css={[styles]} />
      {(Object.keys(modals) as (keyof typeof modals)[]).map((key) => {
        const { name, titleKey, Body, width } = modals[key]
        return (
          <Modal key={key} open={tool === key} onClose={closeServiceTool} name={name} titleKey={titleKey} width={width}>
            <div className="lk-service">
              <Suspense fallback={<Skeleton count={3} height={36} />}>{tool === key && <Body />}</Suspense>
            </div>
          </Modal>
        )
      })}
    </>
  )
}
