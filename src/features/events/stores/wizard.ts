import { atom, computed } from 'nanostores';
import type { FieldErrors } from '../../../components/ui/fields';
import { MSG } from '../../../shared/messages/common';
import { EVENT_FORM_TEXT, WIZARD_MSG } from '../../../shared/messages/events';
import { ApiError, messageOf } from '../../../shared/provider-result';
import { toast } from '../../../stores/toast';
import { getManagedEvent } from '../api/get-managed-event';
import { getMyProducers } from '../api/get-my-producers';
import { getVenues } from '../api/get-venues';
import { publishEvent } from '../api/publish-event';
import { createEvent, updateEvent } from '../api/save-event';
import { uploadImage } from '../api/upload-image';
import {
  type EventForm,
  emptyEvent,
  fromEvent,
  stepsWithErrors,
  toPayload,
  WIZARD_STEPS,
  wizardErrors,
} from '../lib/event-form';
import type { ManagedVenue, MyProducer } from '../types';
import { editsOf } from './wizard-edit';

export const STEPS = WIZARD_STEPS;
/** After sending the event, the toast shows this long before the events list opens. */
export const LEAVE_MS = 800;

type Existing = Awaited<ReturnType<typeof getManagedEvent>>;
/**
 * Where focus goes after the next render: the new step's heading (a screen reader announces it and a keyboard
 * user continues from its top) or the first field marked with an error (else the alert). `n` makes each
 * request new, so the same target twice still moves focus.
 */
export type FocusRequest = { to: 'heading' | 'error'; n: number };

/**
 * /nuevo's wizard: the form step by step, its checks, saving a draft from any step and sending it from the
 * last (to review, or published at once for a superadmin, a trusted producer or an event approved before).
 * `start()` loads the event being edited, the caller's producers and venues, and returns its stop.
 */
export function createWizard({ eventId: initialId }: { eventId?: number }) {
  const $step = atom(0);
  const $form = atom<EventForm>(emptyEvent());
  const $eventId = atom(initialId);
  const $status = atom('borrador');
  /** The event being edited (none for a new one): the form shows once its answer is copied in. */
  const $existing = atom<{ data: Existing | null; error: string | null; loading: boolean }>({
    data: null,
    error: null,
    loading: !!initialId,
  });
  const $loaded = atom(!initialId);
  const $producers = atom<MyProducer[] | null>(null);
  const $producerId = atom<number | undefined>(undefined);
  const $producerName = atom('');
  const $venues = atom<ManagedVenue[]>([]);
  const $errors = atom<FieldErrors>({});
  const $problem = atom<string | null>(null);
  const $busy = atom(false);
  const $announce = atom('');
  const $focus = atom<FocusRequest | null>(null);
  let stopped = false;

  const chosen = computed([$producers, $producerId, $existing], (producers, id, existing) =>
    producers?.find((p) => p.id === (existing.data?.producer_id ?? id)),
  );
  /** Published at once (issue 32): a superadmin, a producer the platform trusts, or an event approved before. */
  const $direct = computed(
    [chosen, $existing],
    (p, existing) => p?.role === 'SUPERADMIN' || p?.trusted === true || !!existing.data?.approved_at,
  );
  /** New ticket types follow the producer's configuration (named or not). */
  const $namedByDefault = computed(
    [$producers, $producerId],
    (producers, id) => producers?.find((p) => p.id === id)?.named_tickets ?? false,
  );
  /** Someone with no producer yet names one with their first event. */
  const $needsProducer = computed(
    [$eventId, $producers],
    (id, producers) => !id && producers !== null && producers.length === 0,
  );
  const $flagged = computed($errors, (errors) => new Set(stepsWithErrors(errors)));

  const focus = (to: FocusRequest['to']) => $focus.set({ to, n: ($focus.get()?.n ?? 0) + 1 });

  /** A step shown: announced, and focus moves there (choosing the step already shown moves nothing). */
  function showStep(i: number, then: FocusRequest['to'] = 'heading') {
    if (i === $step.get() && then === 'heading') return;
    $announce.set(WIZARD_MSG.stepAnnounce(i + 1, STEPS.length, STEPS[i]));
    $step.set(i);
    focus(then);
  }

  /** Shows `found` on their fields and goes to the first step that has any; false when there is none. */
  function markErrors(found: FieldErrors, before: number = STEPS.length): boolean {
    const bad = stepsWithErrors(found).filter((i) => i < before);
    if (bad.length === 0) return false;
    $errors.set(found);
    $problem.set(WIZARD_MSG.fixStep(STEPS[bad[0]]));
    if (bad[0] !== $step.get()) showStep(bad[0], 'error');
    else focus('error');
    return true;
  }

  /** Going forward checks every step on the way (the preview needs the event complete); going back always works. */
  function goToStep(i: number) {
    const forward = i > $step.get();
    if (forward && markErrors(wizardErrors($form.get()), i)) return;
    if (forward) {
      $errors.set({});
      $problem.set(null);
    }
    showStep(i);
  }

  async function loadExisting() {
    if (!initialId) return;
    $existing.set({ ...$existing.get(), loading: true, error: null });
    try {
      const event = await getManagedEvent(initialId);
      if (stopped) return;
      $existing.set({ data: event, error: null, loading: false });
      $form.set(fromEvent(event));
      $status.set(event.status);
      if (event.rejection_reason) $problem.set(EVENT_FORM_TEXT.rejected(event.rejection_reason));
      $loaded.set(true);
    } catch (error) {
      if (!stopped) $existing.set({ ...$existing.get(), error: messageOf(error), loading: false });
    }
  }

  function start(): () => void {
    stopped = false;
    void loadExisting();
    getMyProducers()
      .then((all) => {
        if (stopped) return;
        const mine = all.filter((p) => p.role === 'ADMIN' || p.role === 'SUPERADMIN');
        $producers.set(mine);
        $producerId.set(mine[0]?.id);
        // A new event's first ticket type follows the producer's configuration too.
        if (!initialId && mine[0]?.named_tickets) {
          const form = $form.get();
          $form.set({
            ...form,
            dates: form.dates.map((d) => ({ ...d, ticket_types: d.ticket_types.map((t) => ({ ...t, named: true })) })),
          });
        }
      })
      .catch(() => $producers.set([]));
    getVenues()
      .then((venues) => !stopped && $venues.set(venues))
      .catch(() => $venues.set([]));
    return () => {
      stopped = true;
    };
  }

  /** Saves the form (creating the event the first time); its id, or null with the problem shown. */
  async function save(): Promise<number | null> {
    $busy.set(true);
    $problem.set(null);
    $errors.set({});
    try {
      const payload = toPayload($form.get());
      const id = $eventId.get();
      const saved = id
        ? await updateEvent(id, payload)
        : await createEvent({
            ...payload,
            producer_id: $producerId.get(),
            producer_name: $producerId.get() ? undefined : $producerName.get() || undefined,
          });
      if (!id) {
        $eventId.set(saved.data.id);
        history.replaceState(null, '', `/nuevo?id=${saved.data.id}`);
      }
      return saved.data.id;
    } catch (e) {
      if (e instanceof ApiError) {
        // The server's field errors go to their step and field, like the wizard's own checks.
        if (!markErrors(e.errors ?? {})) {
          $errors.set(e.errors ?? {});
          focus('error');
        }
        $problem.set(e.message);
      } else $problem.set(MSG.network);
      return null;
    } finally {
      $busy.set(false);
    }
  }

  async function saveDraft() {
    if (await save()) toast('success', EVENT_FORM_TEXT.draftSaved);
  }

  /** Saves, then sends the event to review (or publishes it) and goes to the events list. */
  async function submit() {
    const id = await save();
    if (!id) return;
    $busy.set(true);
    try {
      const r = await publishEvent(id);
      toast('success', r.message);
      setTimeout(() => location.assign('/admin/events'), LEAVE_MS);
    } catch (e) {
      $problem.set(messageOf(e));
      $busy.set(false);
    }
  }

  async function upload(kind: 'cover_key' | 'flyer_key', file: File | undefined) {
    if (!file) return;
    $busy.set(true);
    $problem.set(null);
    try {
      const key = await uploadImage(file);
      $form.set({ ...$form.get(), [kind]: key });
    } catch (e) {
      $problem.set(messageOf(e));
    } finally {
      $busy.set(false);
    }
  }

  return {
    $step,
    $form,
    $eventId,
    $status,
    $existing,
    $loaded,
    $producers,
    $producerId,
    $producerName,
    $venues,
    $errors,
    $problem,
    $busy,
    $announce,
    $focus,
    $direct,
    $namedByDefault,
    $needsProducer,
    $flagged,
    start,
    reload: loadExisting,
    goToStep,
    next: () => goToStep($step.get() + 1),
    previous: () => goToStep($step.get() - 1),
    setProducerId: (id: number) => $producerId.set(id),
    setProducerName: (name: string) => $producerName.set(name),
    ...editsOf($form),
    saveDraft,
    submit,
    upload,
  };
}

export type Wizard = ReturnType<typeof createWizard>;
