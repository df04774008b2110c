import { useStore } from '@nanostores/react'
import { useEffect, useId, useState } from 'react'
import { feedbackImageLimits, feedbackLimits, feedbackQuestionTypes } from '../../sdk/contract/service.ts'
import { onPlatform } from '../../sdk/runtime/index.ts'
import { $myFeedback, createFeedbackForm } from '../../sdk/service/feedback.ts'
import { stampOf } from '../../sdk/service/when.ts'
import { $loggedIn } from '../../sdk/stores/session.ts'
import { useForm } from '../ui/form.ts'
import { FieldFrame } from '../ui/Field.tsx'
import { EmptyState, ErrorState, Skeleton, useT } from '../ui/index.ts'
import { IconClose } from '../ui/icons-more.tsx'

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
  const { state, field, onSubmit, error } = useForm(() => fb.form)
  const { error: typeError, ...type } = field('questionType')
  const { error: contentError, ...content } = field('content')
  const length = content.value.trim().length
  return (
    <form className="lk-feedback__form" onSubmit={onSubmit} noValidate>
      <FieldFrame labelKey="service_fb_type" error={typeError}>
        {(control) => (
          <select {...control} {...type}>
            <option value="">{t('service_fb_type_choose')}</option>
            {feedbackQuestionTypes.map((type) => (
              <option key={type} value={type}>
                {t(`service_fb_type_${type}`)}
              </option>
            ))}
          </select>
        )}
      </FieldFrame>
      <FieldFrame
        labelKey="service_fb_content"
        error={contentError}
        describedBy={`${id}-count`}
        after={
          <span id={`${id}-count`} className={`lk-chat__count${length > feedbackLimits.max ? ' is-over' : ''}`}>
            {t('service_chat_chars', { length, max: feedbackLimits.max })}
          </span>
        }
      >
        {(control) => <textarea rows={4} {...control} {...content} />}
      </FieldFrame>
      <FeedbackImages fb={fb} formError={error('images')} />
      {error('form') && <Alert text={error('form')} />}
      {state.result && !state.result.error && (
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

/** The feedback's images: previews with a remove button each, an add button while there is room, and what was refused. */
function FeedbackImages({ fb, formError }: { fb: ReturnType<typeof createFeedbackForm>; formError: string | undefined }) {
  const t = useT()
  const images = useStore(fb.$images)
  const imageError = useStore(fb.$imageError)
  return (
    <fieldset className="lk-feedback__images">
      <legend className="lk-field__label">{t('service_fb_images')}</legend>
      <ul className="lk-feedback__previews">
        {images.map((image) => (
          <li key={image.id}>
            <img src={image.url} alt={t('service_fb_preview', { name: image.name })} width={72} height={72} />
            <button type="button" className="lk-iconbutton" onClick={() => fb.removeImage(image.id)} aria-label={t('service_fb_remove_image', { name: image.name })}>
              <IconClose />
            </button>
          </li>
        ))}
      </ul>
      {images.length < feedbackImageLimits.count && (
        <label className="lk-button lk-feedback__add">
          {t('service_fb_add_image')}
          <input
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
      <Alert text={imageError ? t(imageError) : formError} />
    </fieldset>
  )
}

/** An error line that keeps its place when empty and is announced when it says something. */
function Alert({ text }: { text: string | undefined }) {
  return (
    <p className="lk-field__error" role={text ? 'alert' : undefined}>
      {text ?? ''}
    </p>
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
        <EmptyState messageKey="service_fb_none" />
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
