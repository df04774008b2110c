import { useStore } from '@nanostores/react'
import { useState } from 'react'
import { speedTest } from '../../sdk/contract/service.ts'
import { createSpeedTest, type RouteSpeed } from '../../sdk/service/speed.ts'
import { EmptyState, ErrorState, Skeleton, useT } from '../ui/index.ts'
import { Table } from '../ui/Table.tsx'

/** The speed test of domain routes: web and app routes with their median time, the fastest marked. */
export function SpeedTest() {
  const t = useT()
  const [test] = useState(() => createSpeedTest())
  const state = useStore(test.$state)
  if (state.error) return <ErrorState messageKey={state.error.messageKey} onRetry={() => void test.run()} />
  if (state.loading || (state.routes.length === 0 && state.running)) return <Skeleton count={4} height={32} />
  const groups = [
    ['service_speed_web', state.routes.filter((r) => r.device === 0)],
    ['service_speed_app', state.routes.filter((r) => r.device === 3)],
  ] as const
  return (
    <div className="lk-speed" aria-busy={state.running}>
      <p>{t('service_speed_intro', { samples: speedTest.samples })}</p>
      {state.routes.length === 0 && <EmptyState messageKey="service_speed_none" />}
      {groups.map(
        ([titleKey, routes]) =>
          routes.length > 0 && (
            <Table key={titleKey} className="lk-speed__table" caption={t(titleKey)} heads={['service_speed_route', 'service_speed_time']}>
              {routes.map((route) => (
                <tr key={route.domainName} className={route.fastest ? 'is-fastest' : undefined} data-status={route.status}>
                  <th scope="row">{route.domainName}</th>
                  <td>
                    <Speed route={route} />
                  </td>
                </tr>
              ))}
            </Table>
          ),
      )}
      <button type="button" className="lk-button lk-button--primary" onClick={() => void test.run()} disabled={state.running}>
        {t('service_speed_again')}
      </button>
    </div>
  )
}

function Speed({ route }: { route: RouteSpeed }) {
  const t = useT()
  if (route.status === 'timeout') return <span className="lk-speed__timeout">{t('service_speed_timeout')}</span>
  if (route.status === 'testing') return <span>{t('service_speed_testing')}</span>
  if (route.status === 'waiting') return <span className="lk-speed__waiting">{t('service_speed_waiting')}</span>
  return (
    <span>
      {t('service_speed_ms', { ms: Math.round(route.speed) })}
      {route.fastest && <span className="lk-speed__fastest"> {t('service_speed_fastest')}</span>}
    </span>
  )
}
