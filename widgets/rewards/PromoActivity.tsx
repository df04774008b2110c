import './rewards.css'
import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import type { Outcome } from '../../sdk/client/index.ts'
import type { ResponseOf } from '../../sdk/contract/index.ts'
import { activityLimits } from '../../sdk/contract/rewards.ts'
import { $activities, $claiming, claimAward, claimRaffle, createApplicationForm, joinActivity } from '../../sdk/rewards/index.ts'
import { $loggedIn } from '../../sdk/stores/index.ts'
import { useForm } from '../ui/form.ts'
import { useMounted, useT } from '../ui/index.ts'
import { ClaimNoteText, FormRefusal, Loaded, money, useClaim } from './parts.tsx'
import { SignInFirst } from './SignInFirst.tsx'
import { IconClose } from '../ui/icons-more.tsx'

type Activity = ResponseOf<'activities'>['list'][number]

/**
 * A promotion's activity on its detail page (`?id=`): its state for the member (SPEC §4) and the
 * action that state allows — join, sign in today, claim the raffle or the reward, or the application
 * with a comment and up to three images previewed before sending.
 */
export function PromoActivity({ promotionId }: { promotionId?: string }) {
  const t = useT()
  const mounted = useMounted()
  const loggedIn = useStore($loggedIn)
  const [id, setId] = useState(promotionId ?? '')
  useEffect(() => {
    if (promotionId) return
    // An editor's article names the platform promotion it presents (front matter `activity`).
    const wanted = new URLSearchParams(window.location.search).get('id') ?? ''
    const article = Array.from(document.querySelectorAll<HTMLElement>('[data-promo]:not([data-lk-off])')).find((a) => a.dataset.promo === wanted)
    setId(article ? (article.dataset.activity ?? '') : wanted)
  }, [promotionId])
  if (!mounted || !id) return null
  if (!loggedIn) return <SignInFirst messageKey="rewards_activity_guest" />
  return (
    <section className="lk-rewards lk-rewards__activity" aria-labelledby="lk-activity-head">
      <h2 id="lk-activity-head" className="lk-rewards__head">
        {t('rewards_activity')}
      </h2>
      <Loaded store={$activities} rows={2}>
        {({ list }) => {
          const a = list.find((x) => x.promotionId === id)
          return a ? <ActivityAction activity={a} /> : <p>{t('rewards_activity_none')}</p>
        }}
      </Loaded>
    </section>
  )
}

function ActivityAction({ activity: a }: { activity: Activity }) {
  const t = useT()
  const claiming = useStore($claiming)
  const { note, claim } = useClaim()
  const act = (pending: Promise<Outcome<unknown> | null>, okKey: string) => claim(pending, () => t(okKey))
  const canApply = a.kind === 'apply' && (a.state === 'join' || a.state === 'rejected')
  return (
    <div className="lk-rewards__stack">
      <p>
        {t('rewards_activity_state')}: <strong className={`lk-rewards__state lk-rewards__state--${a.state}`}>{t(`rewards_state_${a.state}`)}</strong>
      </p>
      {a.reward > 0 && <p className="lk-rewards__figures">{t(`rewards_activity_reward_${a.kind}`, { amount: money(a.reward) })}</p>}
      {a.remark && <p>{t('rewards_remark', { remark: a.remark })}</p>}
      {a.state === 'join' && (a.kind === 'join' || a.kind === 'sign') && (
        <button
          type="button"
          className="lk-button lk-button--primary"
          disabled={claiming.has(`join:${a.promotionId}`)}
          onClick={() => void act(joinActivity(a.promotionId), 'rewards_activity_joined')}
        >
          {t(a.kind === 'sign' ? 'rewards_activity_sign' : 'rewards_activity_join')}
        </button>
      )}
      {a.state === 'join' && a.kind === 'raffle' && (
        <button
          type="button"
          className="lk-button lk-button--primary"
          disabled={claiming.has(`raffle:${a.promotionId}`)}
          onClick={() => void act(claimRaffle(a.promotionId), 'rewards_activity_raffled')}
        >
          {t('rewards_activity_raffle')}
        </button>
      )}
      {a.state === 'claim' && a.awardId && (
        <button
          type="button"
          className="lk-button lk-button--primary"
          disabled={claiming.has(`award:${a.awardId}`)}
          onClick={() => void act(claimAward(a.awardId!), 'rewards_activity_claimed')}
        >
          {t('rewards_claim')}
        </button>
      )}
      {canApply && <Application promotionId={a.promotionId} />}
      <ClaimNoteText note={note} />
    </div>
  )
}

function Application({ promotionId }: { promotionId: string }) {
  const t = useT()
  const [app] = useState(() => createApplicationForm(promotionId, (file) => URL.createObjectURL(file)))
  const { state, field, error, onSubmit } = useForm(app.form)
  // The previews' addresses are freed when the form goes.
  useEffect(
    () => () => {
      for (const i of app.$images.get()) URL.revokeObjectURL(i.preview)
    },
    [app],
  )
  const comment = field('comment')
  const length = [...comment.value].length
  return (
    <form className="lk-rewards__form" onSubmit={onSubmit} noValidate aria-label={t('rewards_apply')}>
      <div className={`lk-field${comment.error ? ' has-error' : ''}`}>
        <label htmlFor="lk-apply-comment" className="lk-field__label">
          {t('rewards_apply_comment')}
        </label>
        <textarea
          id="lk-apply-comment"
          className="lk-input"
          rows={3}
          name={comment.name}
          value={comment.value}
          onChange={comment.onChange}
          aria-invalid={comment.error ? true : undefined}
          aria-describedby="lk-apply-comment-count lk-apply-comment-error"
        />
        <p id="lk-apply-comment-count" className={`lk-field__hint${length > activityLimits.maxComment ? ' is-over' : ''}`}>
          {t('rewards_apply_count', { count: length, max: activityLimits.maxComment })}
        </p>
        <p id="lk-apply-comment-error" className="lk-field__error" role={comment.error ? 'alert' : undefined}>
          {comment.error ?? ''}
        </p>
      </div>
      <ApplicationImages app={app} formError={error('images')} />
      <FormRefusal text={error('form')} />
      <button type="submit" className="lk-button lk-button--primary" disabled={state.busy}>
        {t('rewards_apply_send')}
      </button>
    </form>
  )
}

/** The application's images: the picker with its hint and error, then the previews, each removable. */
function ApplicationImages({ app, formError }: { app: ReturnType<typeof createApplicationForm>; formError: string | undefined }) {
  const t = useT()
  const images = useStore(app.$images)
  const imageError = useStore(app.$imageError)
  const imagesText = imageError ? t(imageError) : formError
  return (
    <>
      <div className={`lk-field${imagesText ? ' has-error' : ''}`}>
        <label htmlFor="lk-apply-images" className="lk-field__label">
          {t('rewards_apply_images')}
        </label>
        <input
          id="lk-apply-images"
          type="file"
          accept="image/png,image/jpeg"
          multiple
          aria-describedby="lk-apply-images-hint lk-apply-images-error"
          onChange={(e) => {
            app.pick([...(e.target.files ?? [])])
            e.target.value = ''
          }}
        />
        <p id="lk-apply-images-hint" className="lk-field__hint">
          {t('rewards_apply_images_hint', { max: activityLimits.maxImages })}
        </p>
        <p id="lk-apply-images-error" className="lk-field__error" role={imagesText ? 'alert' : undefined}>
          {imagesText ?? ''}
        </p>
      </div>
      {images.length > 0 && (
        <ul className="lk-rewards__previews" aria-label={t('rewards_apply_previews')}>
          {images.map((image, i) => (
            <li key={image.preview}>
              <img src={image.preview} alt={t('rewards_apply_preview', { n: i + 1, name: image.name })} width="96" height="96" />
              <button type="button" className="lk-button" aria-label={t('rewards_apply_remove', { n: i + 1 })} onClick={() => void app.drop(image)}>
                <IconClose />
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  )
}
