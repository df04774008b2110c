import { useStore } from '@nanostores/react'
import { useEffect, useId, useRef, useState } from 'react'
import { feedbackImageLimits, feedbackLimits, feedbackQuestionTypes } from '../../sdk/contract/service.ts'
import { onPlatform } from '../../sdk/runtime/index.ts'
import { $myFeedback, createFeedbackForm } from '../../sdk/service/feedback.ts'
import { stampOf } from '../../sdk/service/when.ts'
import { $loggedIn } from '../../sdk/stores/session.ts'
import { useForm } from '../ui/form.ts'
import { ErrorState, Skeleton, useT } from '../ui/index.ts'

/** Feedback (SPEC §6): the form with image previews, then what the member sent and the answers. */
export function Feedback() {
  const loggedIn = useStore($loggedIn)
  return (
    <div className="lk-feedback">
      <FeedbackForm />
      {loggedIn && <MyFeedback />}
    </div>
  )
}

function FeedbackForm() {
  const t = useT()
  const id = useId()
  const [fb] = useState(createFeedbackForm)
  useEffect(() => () => fb.dispose(), [fb])
  const { state, form, field, onSubmit, error } = useForm(() => fb.form)
  const images = useStore(fb.$images)
  const imageError = useStore(fb.$imageError)
  const files = useRef<HTMLInputElement>(null)
  const content = field('content')
  const sent = state.result && !state.result.error
  return (
    <form className="lk-feedback__form" onSubmit={onSubmit} noValidate>
      <div className={`lk-field${error('questionType') ? ' has-error' : ''}`}>
        <label className="lk-field__label" htmlFor={`${id}-type`}>
          {t('service_fb_type')}
        </label>
        <div className="lk-field__control">
          <select id={`${id}-type`} {...field('questionType')} aria-invalid={error('questionType') ? true : undefined} aria-describedby={`${id}-type-error`}>
            <option value="">{t('service_fb_type_choose')}</option>
            {feedbackQuestionTypes.map((type) => (
              <option key={type} value={type}>
                {t(`service_fb_type_${type}`)}
              </option>
            ))}
          </select>
        </div>
        <p id={`${id}-type-error`} className="lk-field__error" role={error('questionType') ? 'alert' : undefined}>
          {error('questionType') ?? ''}
        </p>
      </div>
      <div className={`lk-field${content.error ? ' has-error' : ''}`}>
        <label className="lk-field__label" htmlFor={`${id}-content`}>
          {t('service_fb_content')}
        </label>
        <textarea id={`${id}-content`} rows={4} {...content} aria-invalid={content.error ? true : undefined} aria-describedby={`${id}-content-error ${id}-count`} />
        <div className="lk-chat__row">
          <p id={`${id}-content-error`} className="lk-field__error" role={content.error ? 'alert' : undefined}>
            {content.error ?? ''}
          </p>
          <span id={`${id}-count`} className={`lk-chat__count${content.value.trim().length > feedbackLimits.max ? ' is-over' : ''}`}>
            {t('service_chat_chars', { length: content.value.trim().length, max: feedbackLimits.max })}
          </span>
        </div>
      </div>
      <fieldset className="lk-feedback__images">
        <legend className="lk-field__label">{t('service_fb_images')}</legend>
        <ul className="lk-feedback__previews">
          {images.map((image) => (
            <li key={image.id}>
              <img src={image.url} alt={t('service_fb_preview', { name: image.name })} width={72} height={72} />
              <button type="button" className="lk-iconbutton" onClick={() => fb.removeImage(image.id)} aria-label={t('service_fb_remove_image', { name: image.name })}>
                ×
              </button>
            </li>
          ))}
        </ul>
        {images.length < feedbackImageLimits.count && (
          <label className="lk-button lk-feedback__add">
            {t('service_fb_add_image')}
            <input
              ref={files}
              className="lk-visually-hidden"
              type="file"
              accept={feedbackImageLimits.types.join(',')}
              multiple
              onChange={(e) => {
                if (e.target.files) fb.addImages(e.target.files)
                e.target.value = ''
              }}
            />
          </label>
        )}
        <p className="lk-field__error" role={imageError || error('images') ? 'alert' : undefined}>
          {imageError ? t(imageError) : (error('images') ?? '')}
        </p>
      </fieldset>
      {error('form') && (
        <p className="lk-field__error" role="alert">
          {error('form')}
        </p>
      )}
      {sent && (
        <p className="lk-feedback__sent" role="status">
          {t('service_fb_sent')}
        </p>
      )}
      <button type="submit" className="lk-button lk-button--primary" disabled={state.busy}>
        {t('service_fb_send')}
      </button>
    </form>
  )
}

function MyFeedback() {
  const t = useT()
  const mine = useStore($myFeedback)
  return (
    <section className="lk-feedback__mine" aria-labelledby="lk-feedback-mine">
      <h3 id="lk-feedback-mine">{t('service_fb_mine')}</h3>
      {mine.error ? (
        <ErrorState messageKey={mine.error.messageKey} onRetry={() => $myFeedback.revalidate()} />
      ) : !mine.data ? (
        <Skeleton count={2} height={48} />
      ) : mine.data.length === 0 ? (
        <p className="lk-empty-state">{t('service_fb_none')}</p>
      ) : (
        <ul>
          {mine.data.map((item) => (
            <li key={item.id} className="lk-feedback__item">
              <p className="lk-feedback__meta">
                {t(`service_fb_type_${item.questionType}`)} · {stampOf(item.createdAt)}
              </p>
              <p className="lk-feedback__content">{item.content}</p>
              {item.images.length > 0 && (
                <ul className="lk-feedback__previews">
                  {item.images.map((src, i) => (
                    <li key={src}>
                      <img src={onPlatform(src)} alt={t('service_fb_image_of', { n: i + 1 })} width={56} height={56} loading="lazy" />
                    </li>
                  ))}
                </ul>
              )}
              {item.answer ? (
                <div className="lk-feedback__answer">
                  <strong>{t('service_fb_answer')}</strong>
                  <p>{item.answer}</p>
                </div>
              ) : (
                <p className="lk-feedback__waiting">{t('service_fb_waiting')}</p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
