/**
 * The feedback form (SPEC §6): question type, a description within the platform's bounds, up to 3
 * png or jpg images of at most 5 MB each, previewed and removable; the images are uploaded one by one
 * and the feedback names them (`PUT /wps/feedback`). The member's sent feedback with the operator's
 * answers is listed beside it.
 * @module
 */
import { atom, type ReadableAtom } from 'nanostores'
import { ApiError } from '../client/errors.ts'
import { readReply } from '../client/reply.ts'
import { outcome, type Outcome } from '../client/outcome.ts'
import { headerNames } from '../contract/index.ts'
import * as core from '../contract/routes/core/help.ts'
import { serviceRoutes } from '../contract/routes/service.ts'
import { FeedbackRequest, feedbackImageLimits, type FeedbackItem } from '../contract/service.ts'
import { createForm, type Form } from '../form/index.ts'
import { getBaseURL, getMerchant, roomApi } from '../runtime/index.ts'
import { $token } from '../stores/session.ts'
import { createSessionStore } from '../stores/query.ts'
import { serviceApi } from './api.ts'
import { $serviceTool } from './launcher.ts'

const api = roomApi({ feedback: core.feedback })

/** An image chosen for the feedback, with its preview address. */
export interface ChosenImage {
  id: number
  name: string
  /** `blob:` address of the preview (revoked when removed or sent). */
  url: string
  file: Blob
}

/**
 * The member's sent feedback and the operator's answers (nothing for a guest): asked again each time
 * the feedback opens, and every 30 s while it is shown, so an answer given meanwhile appears.
 */
export const $myFeedback = createSessionStore<FeedbackItem[]>('myFeedback', () => serviceApi('feedbackList'), { freshMs: 0, everyMs: 30_000 })
$serviceTool.listen((tool) => {
  if (tool === 'feedback') $myFeedback.revalidate()
})

/** The feedback form's fields. */
export interface FeedbackValues {
  questionType: string
  content: string
}

/** The form, its images and their actions. */
export interface FeedbackForm {
  form: Form<FeedbackValues, { questionType: string; content: string; images: string[] }, unknown>
  $images: ReadableAtom<ChosenImage[]>
  /** Why the last files chosen were not added (message key), or null. */
  $imageError: ReadableAtom<string | null>
  /** Adds files (checked for type, size and count first). */
  addImages(files: ArrayLike<Blob>): void
  removeImage(id: number): void
  /** Revokes the previews (the view goes away). */
  dispose(): void
}

async function uploadImage(file: Blob): Promise<string> {
  const route = serviceRoutes.feedbackImage
  const headers: Record<string, string> = { [headerNames.merchant]: getMerchant(), 'Content-Type': file.type }
  const token = $token.get()
  if (token) headers[headerNames.authorization] = `Bearer ${token}`
  let res: Response
  try {
    res = await fetch(`${getBaseURL()}${route.path}`, { method: route.method, headers, body: file })
  } catch (cause) {
    throw new ApiError('network_error', { cause })
  }
  const value = readReply({ status: res.status, text: await res.text() }, route.response)
  return value.key
}

/**
 * Creates a feedback form (one per form on screen).
 * @example const fb = createFeedbackForm(); fb.addImages(input.files); await fb.form.submit()
 */
export function createFeedbackForm(): FeedbackForm {
  const $images = atom<ChosenImage[]>([])
  const $imageError = atom<string | null>(null)
  let nextId = 1
  const { types, maxBytes, count } = feedbackImageLimits

  const form = createForm({
    initial: { questionType: '', content: '' } as FeedbackValues,
    schema: FeedbackRequest,
    input: (values: FeedbackValues) => ({ ...values, images: [] }),
    submit: async (input): Promise<Outcome<unknown>> => {
      const r = await outcome(async () => {
        // Uploaded at send time, so an image removed before never leaves the device.
        const keys: string[] = []
        for (const image of $images.get()) keys.push(await uploadImage(image.file))
        return api('feedback', { ...input, images: keys })
      })
      if (!r.error) {
        for (const image of $images.get()) URL.revokeObjectURL(image.url)
        $images.set([])
        $imageError.set(null)
        $myFeedback.revalidate()
      }
      return r
    },
  })

  return {
    form,
    $images,
    $imageError,
    addImages(files) {
      let error: string | null = null
      const next = [...$images.get()]
      for (const file of Array.from(files)) {
        if (!(types as readonly string[]).includes(file.type)) error = 'service_err_image_type'
        else if (file.size > maxBytes) error = 'service_err_image_size'
        else if (next.length >= count) error = 'service_err_images_count'
        else next.push({ id: nextId++, name: (file as File).name ?? '', url: URL.createObjectURL(file), file })
      }
      $images.set(next)
      $imageError.set(error)
    },
    removeImage(id) {
      const gone = $images.get().find((i) => i.id === id)
      if (gone) URL.revokeObjectURL(gone.url)
      $images.set($images.get().filter((i) => i.id !== id))
      $imageError.set(null)
    },
    dispose() {
      for (const image of $images.get()) URL.revokeObjectURL(image.url)
    },
  }
}
