/**
 * A promotion's activity application: the comment (≤ 140 characters) and up to three png or jpg
 * images of at most 5 MB each, previewed before sending. A picked file is checked here first (type,
 * size, count) and refused at the images field, the others kept; sending uploads the images not yet
 * uploaded, then the application, so a retry after a refusal never uploads an image twice.
 * @module
 */
import { atom } from 'nanostores'
import * as v from 'valibot'
import { headerNames } from '../contract/index.ts'
import { activityLimits, ApplyRequest } from '../contract/rewards.ts'
import { rewardRoutes } from '../contract/routes/rewards.ts'
import { ApiError } from '../client/index.ts'
import { outcome, type Outcome } from '../client/outcome.ts'
import { readReply } from '../client/reply.ts'
import { createForm } from '../form/index.ts'
import { getBaseURL, getMerchant, getStorage } from '../runtime/index.ts'
import { rewardsApi } from './api.ts'
import { reloadRewards } from './stores.ts'

/** A picked image: the file, an address for its preview, and its platform id once uploaded. */
export interface PickedImage {
  file: Blob
  name: string
  preview: string
  uploadedId?: string
}

/** Uploads one image for `promotionId` (a raw body is not what `api` sends, hence this direct call). */
async function upload(promotionId: string, file: Blob): Promise<{ id: string; count: number }> {
  const token = getStorage().session.get('token')
  if (typeof token !== 'string' || !token) throw new ApiError('session_expired')
  const route = rewardRoutes.activityImage
  let res: Response
  try {
    res = await fetch(`${getBaseURL()}${route.path}?promotionId=${encodeURIComponent(promotionId)}`, {
      method: route.method,
      headers: { [headerNames.authorization]: `Bearer ${token}`, [headerNames.merchant]: getMerchant(), 'Content-Type': file.type },
      body: file,
    })
  } catch (cause) {
    throw new ApiError('network_error', { cause })
  }
  return readReply({ status: res.status, text: await res.text() }, route.response)
}

/**
 * The application form of one promotion, with its picked images (`$images`). `preview` makes the
 * preview address of a file (the widget passes `URL.createObjectURL`; tests pass a stub).
 */
export function createApplicationForm(promotionId: string, preview: (file: Blob) => string) {
  const $images = atom<PickedImage[]>([])
  /** The last picked file's refusal (a message key), shown at once at the images field; null when none. */
  const $imageError = atom<string | null>(null)
  const form = createForm({
    initial: { comment: '', images: '' },
    schema: v.omit(ApplyRequest, ['promotionId']),
    input: (values) => ({ comment: values.comment }),
    submit: async (input): Promise<Outcome<unknown>> => {
      const sent = await outcome(async () => {
        for (const image of $images.get()) {
          if (image.uploadedId) continue
          const stored = await upload(promotionId, image.file)
          $images.set($images.get().map((x) => (x === image ? { ...x, uploadedId: stored.id } : x)))
        }
        return rewardsApi('applyActivity', { promotionId, ...input })
      })
      if (sent.data) reloadRewards()
      return sent
    },
    keep: ['comment'],
  })

  /** Adds picked files: each one of another type, over 5 MB or beyond the third is refused at the images field. */
  function pick(files: readonly (Blob & { name?: string })[]): void {
    let refused: string | null = null
    const next = [...$images.get()]
    for (const file of files) {
      if (!(activityLimits.types as readonly string[]).includes(file.type)) refused = 'rewards_err_image_type'
      else if (file.size > activityLimits.maxBytes) refused = 'rewards_err_image_size'
      else if (next.length >= activityLimits.maxImages) refused = 'rewards_err_image_count'
      else next.push({ file, name: file.name ?? '', preview: preview(file) })
    }
    $images.set(next)
    form.set('images', String(next.length))
    $imageError.set(refused)
  }

  /** Drops a picked image (and the platform's copy when it was uploaded). */
  async function drop(image: PickedImage): Promise<void> {
    $images.set($images.get().filter((x) => x !== image))
    $imageError.set(null)
    form.set('images', String($images.get().length))
    if (image.uploadedId) await outcome(() => rewardsApi('removeActivityImage', { imageId: image.uploadedId! }))
  }

  return { form, $images, $imageError, pick, drop }
}
