/**
 * The back office's members area: the search (a page at a time), the member shown, its lock or unlock
 * with a reason, and its notes. Each change carries an idempotency key made before its first send and
 * kept until it succeeds.
 * @module
 */
import { atom, onMount } from 'nanostores'
import * as v from 'valibot'
import { type ApiError, newIdempotencyKey, outcome } from '../client/index.ts'
import { ActionReason, type MemberDetail, MemberNoteText, MemberSearchQuery, type MemberSearchPage } from '../contract/backoffice.ts'
import { createForm } from '../form/index.ts'
import { opsApi } from './api.ts'
import { confirmable, reasonForm } from './confirm.ts'
import type { Loaded } from './remote.ts'

/** Members a search shows per page. */
export const MEMBERS_PER_PAGE = 20

/** Creates the members area's stores; `onError` sees every refusal (an ended session). */
export function createMembersArea(onError: (error: ApiError) => void) {
  const $search = atom<{ q: string; page: number }>({ q: '', page: 1 })
  const $results = atom<Loaded<MemberSearchPage>>({ loading: false })
  const search = async () => {
    $results.set({ ...$results.get(), error: undefined, loading: true })
    const r = await outcome(() => opsApi('opsMembers', { ...$search.get(), pageSize: MEMBERS_PER_PAGE }))
    if (r.error) onError(r.error)
    $results.set(r.error ? { data: $results.get().data, error: r.error, loading: false } : { data: r.data, loading: false })
    return r
  }
  // The first page of every member when the area is first shown.
  onMount($results, () => {
    if (!$results.get().data) void search()
  })
  const searchForm = createForm({
    initial: { q: '' },
    schema: v.object({ q: MemberSearchQuery.entries.q }),
    keep: ['q'],
    submit: ({ q }) => {
      $search.set({ q, page: 1 })
      return search()
    },
  })
  /** Shows another page of the same search. */
  const showPage = (page: number) => {
    $search.set({ ...$search.get(), page })
    void search()
  }

  /** The member shown (its id), or null for the search. */
  const $memberId = atom<string | null>(null)
  const $member = atom<Loaded<MemberDetail>>({ loading: false })
  const loadMember = async () => {
    const id = $memberId.get()
    if (!id) return
    $member.set({ ...$member.get(), error: undefined, loading: true })
    const r = await outcome(() => opsApi('opsMember', { id }))
    if (r.error) onError(r.error)
    // The operator may have gone back to the search meanwhile.
    if ($memberId.get() !== id) return
    $member.set(r.error ? { data: $member.get().data, error: r.error, loading: false } : { data: r.data, loading: false })
  }
  /** Shows a member's page. */
  const openMember = (id: string) => {
    $memberId.set(id)
    $member.set({ loading: true })
    void loadMember()
  }
  /** Back to the search's results, as they were. */
  const closeMember = () => {
    $memberId.set(null)
    $member.set({ loading: false })
    void search()
  }

  /** A lock (true) or unlock (false) asked for: its reason form sends it with the key made when asked. */
  const lock = confirmable<boolean>(
    () => Promise.reject(new Error('a lock is sent by its reason form')),
    () => {},
    onError,
  )
  const lockForm = reasonForm(
    lock,
    v.object({ reason: ActionReason }),
    (locked, reason, idempotencyKey) => {
      const id = $memberId.get()
      return id ? opsApi('opsSetMemberLock', { id, locked, reason, idempotencyKey }) : null
    },
    () => void loadMember(),
    onError,
  )

  // Kept until the note is saved: a retry after a failure is the same note.
  let noteKey = newIdempotencyKey()
  const noteForm = createForm({
    initial: { text: '' },
    schema: v.object({ text: MemberNoteText }),
    submit: async ({ text }) => {
      const id = $memberId.get()
      if (!id) return null
      const r = await outcome(() => opsApi('opsAddMemberNote', { id, text, idempotencyKey: noteKey }))
      if (r.error) onError(r.error)
      else {
        noteKey = newIdempotencyKey()
        void loadMember()
      }
      return r
    },
  })

  return { $search, $results, search, searchForm, showPage, $memberId, $member, loadMember, openMember, closeMember, lock, lockForm, noteForm }
}

/** The members area's stores ({@link createMembersArea}). */
export type MembersArea = ReturnType<typeof createMembersArea>
