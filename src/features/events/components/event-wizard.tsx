import { useEffect, useRef, useState } from 'react';
import { useLive } from '../../../components/ui/adopt';
import {
  Field,
  type FieldErrors,
  Select,
  SubmitButton,
  TextArea,
  TextInput,
  ToggleField,
} from '../../../components/ui/fields';
import { LoadState } from '../../../components/ui/load-state';
import { useData } from '../../../components/ui/use-data';
import { ApiError, client, messageOf, unwrap } from '../../../lib/api';
import { formatEventDate, localInputToIso } from '../../../shared/dates';
import { mediaUrl } from '../../../shared/media';
import { MSG } from '../../../shared/messages/common';
import { CATEGORIES, EVENT_FORM_TEXT, PUBLISH_NOTE_TEXT, WIZARD_MSG } from '../../../shared/messages/events';
import { formatPrice, pesosToCents } from '../../../shared/money';
import type { Category } from '../../../shared/schemas/event';
import { toast } from '../../../stores/toast';
import { uploadImage } from '../api/upload-image';
import {
  type DateForm,
  type EventForm,
  emptyDate,
  emptyEvent,
  emptyTicket,
  fromEvent,
  stepsWithErrors,
  type TicketForm,
  toPayload,
  WIZARD_STEPS,
  wizardErrors,
} from '../lib/event-form';
import { renderMarkdown } from '../lib/markdown';
import type { ManagedVenue, MyProducer, Province } from '../types';
import { PublishNote } from './publish-note';

const STEPS = WIZARD_STEPS;

type Producer = MyProducer;
type Venue = ManagedVenue;
type Props = { eventId?: number; provinces: Province[] };

/**
 * /nuevo: the step-by-step event form. Every step can save a draft; the last one sends the event to
 * review (or publishes it, for a superadmin or an event approved before).
 */
export default function EventWizard({ eventId: initialId, provinces }: Props) {
  const [step, setStep] = useState(0);
  const [form, setForm] = useState<EventForm>(emptyEvent);
  const [eventId, setEventId] = useState(initialId);
  const [status, setStatus] = useState<string>('borrador');
  const [producers, setProducers] = useState<Producer[] | null>(null);
  const [producerId, setProducerId] = useState<number | undefined>();
  const [producerName, setProducerName] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Until the island is live its buttons are disabled ("Cargando…" beside "Siguiente"): a tap then did nothing.
  const live = useLive();
  // The event being edited (none for a new one); the form shows once its answer is copied in.
  const existing = useData(
    async () =>
      initialId ? (await unwrap(client.admin.events[':id'].$get({ param: { id: String(initialId) } }))).data : null,
    initialId ?? 'new',
  );
  const [loadedId, setLoadedId] = useState<number | undefined>(undefined);
  useEffect(() => {
    const event = existing.data;
    if (!event) return;
    setForm(fromEvent(event));
    setStatus(event.status);
    if (event.rejection_reason) setProblem(EVENT_FORM_TEXT.rejected(event.rejection_reason));
    setLoadedId(initialId);
  }, [existing.data, initialId]);
  const [venues, setVenues] = useState<Venue[]>([]);
  // Moving between steps puts focus on the new step's heading ("Paso 2 de 5: …") and a polite live region says
  // it too, so a screen reader announces the step and a keyboard user continues from its top; when a step has
  // errors, focus goes to its first marked field instead. The first render leaves focus alone.
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const stepBox = useRef<HTMLElement>(null);
  const alertBox = useRef<HTMLDivElement>(null);
  const stepChanged = useRef(false);
  const focusError = useRef(false);
  const [announce, setAnnounce] = useState('');
  const showStep = (i: number) => {
    stepChanged.current = true;
    setAnnounce(WIZARD_MSG.stepAnnounce(i + 1, STEPS.length, STEPS[i]));
    setStep(i);
  };
  /** Shows `found` on their fields and goes to the first step that has any; false when there is none. */
  const markErrors = (found: FieldErrors, before: number = STEPS.length): boolean => {
    const bad = stepsWithErrors(found).filter((i) => i < before);
    if (bad.length === 0) return false;
    setErrors(found);
    focusError.current = true;
    setProblem(WIZARD_MSG.fixStep(STEPS[bad[0]]));
    if (bad[0] !== step) showStep(bad[0]);
    return true;
  };
  // Going forward checks every step on the way (the preview is reachable only with the event complete);
  // going back is always allowed.
  const goToStep = (i: number) => {
    if (i > step && markErrors(wizardErrors(form), i)) return;
    if (i > step) {
      setErrors({});
      setProblem(null);
    }
    showStep(i);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each step change or new errors, on purpose.
  useEffect(() => {
    if (focusError.current) {
      focusError.current = false;
      stepChanged.current = false;
      const field = stepBox.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      if (field) {
        field.focus();
        field.scrollIntoView({ block: 'center' });
        return;
      }
      alertBox.current?.focus();
      return;
    }
    if (stepChanged.current) stepHeading.current?.focus();
    stepChanged.current = false;
  }, [step, errors]);

  useEffect(() => {
    unwrap(client.admin.producers.$get())
      .then((r) => {
        const mine = r.data.filter((p) => p.role === 'ADMIN' || p.role === 'SUPERADMIN');
        setProducers(mine);
        setProducerId(mine[0]?.id);
        // A new event's first ticket type follows the producer's configuration too.
        if (!initialId && mine[0]?.named_tickets)
          setForm((f) => ({
            ...f,
            dates: f.dates.map((d) => ({ ...d, ticket_types: d.ticket_types.map((t) => ({ ...t, named: true })) })),
          }));
      })
      .catch(() => setProducers([]));
    unwrap(client.admin.venues.$get())
      .then((r) => setVenues(r.data))
      .catch(() => setVenues([]));
  }, [initialId]);

  // New ticket types follow the producer's configuration (named or not); each can still be changed.
  const namedByDefault = producers?.find((p) => p.id === producerId)?.named_tickets ?? false;
  const update = (patch: Partial<EventForm>) => setForm((f) => ({ ...f, ...patch }));
  const updateDate = (i: number, patch: Partial<DateForm>) =>
    setForm((f) => ({ ...f, dates: f.dates.map((d, j) => (j === i ? { ...d, ...patch } : d)) }));
  const updateTicket = (i: number, k: number, patch: Partial<TicketForm>) =>
    updateDate(i, { ticket_types: form.dates[i].ticket_types.map((t, j) => (j === k ? { ...t, ...patch } : t)) });
  const err = (path: string) => errors[path];

  async function save(): Promise<number | null> {
    setBusy(true);
    setProblem(null);
    setErrors({});
    try {
      const payload = toPayload(form);
      const saved = eventId
        ? await unwrap(client.admin.events[':id'].$put({ param: { id: String(eventId) }, json: payload }))
        : await unwrap(
            client.admin.events.$post({
              json: {
                ...payload,
                producer_id: producerId,
                producer_name: producerId ? undefined : producerName || undefined,
              },
            }),
          );
      if (!eventId) {
        setEventId(saved.data.id);
        history.replaceState(null, '', `/nuevo?id=${saved.data.id}`);
      }
      return saved.data.id;
    } catch (e) {
      if (e instanceof ApiError) {
        // The server's field errors go to their step and field, like the wizard's own checks.
        if (!markErrors(e.errors ?? {})) {
          setErrors(e.errors ?? {});
          focusError.current = true;
        }
        setProblem(e.message);
      } else setProblem(MSG.network);
      return null;
    } finally {
      setBusy(false);
    }
  }

  async function saveDraft() {
    if (await save()) toast('success', EVENT_FORM_TEXT.draftSaved);
  }

  async function submit() {
    const id = await save();
    if (!id) return;
    setBusy(true);
    try {
      const r = await unwrap(client.admin.events[':id'].publish.$post({ param: { id: String(id) } }));
      toast('success', r.message);
      setTimeout(() => location.assign('/admin/events'), 800);
    } catch (e) {
      setProblem(messageOf(e));
      setBusy(false);
    }
  }

  async function upload(kind: 'cover_key' | 'flyer_key', file: File | undefined) {
    if (!file) return;
    setBusy(true);
    setProblem(null);
    try {
      update({ [kind]: await uploadImage(file) });
    } catch (e) {
      setProblem(messageOf(e));
    } finally {
      setBusy(false);
    }
  }

  if (initialId && loadedId !== initialId)
    return <LoadState state={{ ...existing, data: null }}>{() => null}</LoadState>;
  const needsProducer = !eventId && producers !== null && producers.length === 0;
  const flagged = new Set(stepsWithErrors(errors));
  // Published at once (issue 32): a superadmin, a producer the platform trusts, or an event approved before.
  const chosen = producers?.find((p) => p.id === (existing.data?.producer_id ?? producerId));
  const direct = chosen?.role === 'SUPERADMIN' || chosen?.trusted === true || !!existing.data?.approved_at;

  return (
    <div className="flex flex-col gap-6">
      <ol className="steps steps-horizontal w-full text-xs" aria-label={EVENT_FORM_TEXT.steps}>
        {STEPS.map((label, i) => (
          <li
            key={label}
            className={`step ${flagged.has(i) ? 'step-error' : i <= step ? 'step-primary' : ''}`}
            data-content={flagged.has(i) ? '!' : undefined}
          >
            <button
              type="button"
              className={`hover:underline ${flagged.has(i) ? 'text-error' : ''}`}
              disabled={!live}
              onClick={() => goToStep(i)}
              aria-current={i === step ? 'step' : undefined}
            >
              {label}
              {flagged.has(i) && <span className="sr-only">{` (${WIZARD_MSG.stepHasErrors})`}</span>}
            </button>
          </li>
        ))}
      </ol>
      <p aria-live="polite" className="sr-only">
        {announce}
      </p>
      {problem && (
        <div role="alert" ref={alertBox} tabIndex={-1} className="alert alert-error">
          {problem}
        </div>
      )}
      <section ref={stepBox} aria-label={STEPS[step]} className="rounded-box border border-white/10 bg-base-200 p-5">
        <h2 ref={stepHeading} tabIndex={-1} className="mb-4 text-xl font-bold focus:outline-none">
          <span className="sr-only">{EVENT_FORM_TEXT.stepOf(step + 1, STEPS.length)}</span>
          {STEPS[step]}
        </h2>
        {step === 0 && (
          <div className="grid gap-4 md:grid-cols-2">
            {needsProducer && (
              <Field label={EVENT_FORM_TEXT.producerName} hint={EVENT_FORM_TEXT.producerHint} className="md:col-span-2">
                <TextInput
                  value={producerName}
                  onChange={setProducerName}
                  placeholder={EVENT_FORM_TEXT.producerPlaceholder}
                />
              </Field>
            )}
            {!eventId && producers && producers.length > 1 && (
              <Field label={EVENT_FORM_TEXT.producer} className="md:col-span-2">
                <Select
                  className="select w-full"
                  value={String(producerId ?? '')}
                  onValue={(id) => setProducerId(Number(id))}
                >
                  {producers.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.name}
                    </option>
                  ))}
                </Select>
              </Field>
            )}
            <Field label={EVENT_FORM_TEXT.title} error={err('title')} className="md:col-span-2">
              <TextInput
                name="title"
                value={form.title}
                onChange={(title) => update({ title })}
                invalid={!!err('title')}
              />
            </Field>
            <Field label={EVENT_FORM_TEXT.category} error={err('category')}>
              <Select
                name="category"
                className="select w-full"
                value={form.category}
                onValue={(category) => update({ category: category as Category })}
              >
                <option value="">{EVENT_FORM_TEXT.chooseCategory}</option>
                {CATEGORIES.map((c) => (
                  <option key={c}>{c}</option>
                ))}
              </Select>
            </Field>
            <Field label={EVENT_FORM_TEXT.minAge} error={err('min_age')}>
              <TextInput type="number" min="0" value={form.min_age} onChange={(min_age) => update({ min_age })} />
            </Field>
            <Field
              label={EVENT_FORM_TEXT.description}
              error={err('description')}
              hint={EVENT_FORM_TEXT.descriptionHint}
              className="md:col-span-2"
            >
              <TextArea
                name="description"
                className="textarea h-40 w-full"
                value={form.description}
                onValue={(description) => update({ description })}
              />
            </Field>
          </div>
        )}
        {step === 1 && (
          <div className="flex flex-col gap-6">
            <fieldset className="grid gap-4 md:grid-cols-2">
              <legend className="mb-2 font-semibold">{EVENT_FORM_TEXT.venue}</legend>
              {venues.length > 0 && (
                <Field label={EVENT_FORM_TEXT.previousVenue} className="md:col-span-2">
                  <Select
                    className="select w-full"
                    value=""
                    onValue={(id) => {
                      const venue = venues.find((v) => v.id === Number(id));
                      if (venue)
                        update({
                          venue: {
                            name: venue.name,
                            address: venue.address,
                            city: venue.city,
                            provinces_id: String(venue.provinces_id),
                          },
                        });
                    }}
                  >
                    <option value="">{EVENT_FORM_TEXT.choosePreviousVenue}</option>
                    {venues.map((v) => (
                      <option key={v.id} value={v.id}>
                        {v.name} · {v.city}
                      </option>
                    ))}
                  </Select>
                </Field>
              )}
              <Field label={EVENT_FORM_TEXT.venueName} error={err('venue.name')}>
                <TextInput
                  name="venue_name"
                  value={form.venue.name}
                  onChange={(name) => update({ venue: { ...form.venue, name } })}
                />
              </Field>
              <Field label={EVENT_FORM_TEXT.address} error={err('venue.address')}>
                <TextInput
                  value={form.venue.address}
                  onChange={(address) => update({ venue: { ...form.venue, address } })}
                />
              </Field>
              <Field label={EVENT_FORM_TEXT.city} error={err('venue.city')}>
                <TextInput value={form.venue.city} onChange={(city) => update({ venue: { ...form.venue, city } })} />
              </Field>
              <Field label={EVENT_FORM_TEXT.province} error={err('venue.provinces_id')}>
                <Select
                  name="venue_province"
                  className="select w-full"
                  value={form.venue.provinces_id}
                  onValue={(provinces_id) => update({ venue: { ...form.venue, provinces_id } })}
                >
                  <option value="">{EVENT_FORM_TEXT.chooseProvince}</option>
                  {provinces.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.name}
                    </option>
                  ))}
                </Select>
              </Field>
            </fieldset>
            <fieldset className="flex flex-col gap-4">
              <legend className="mb-2 font-semibold">{EVENT_FORM_TEXT.dates}</legend>
              {form.dates.map((d, i) => (
                <div
                  key={d.id ?? `n${i}`}
                  className="grid gap-3 rounded-box bg-base-300/50 p-3 md:grid-cols-[1fr_1fr_1fr_auto]"
                >
                  <Field label={EVENT_FORM_TEXT.dateStart(i + 1)} error={err(`dates.${i}.starts_at`)}>
                    <TextInput
                      type="datetime-local"
                      value={d.starts_at}
                      onChange={(starts_at) => updateDate(i, { starts_at })}
                    />
                  </Field>
                  <Field label={EVENT_FORM_TEXT.doorsAt} error={err(`dates.${i}.doors_at`)}>
                    <TextInput
                      type="datetime-local"
                      value={d.doors_at}
                      onChange={(doors_at) => updateDate(i, { doors_at })}
                    />
                  </Field>
                  <Field label={EVENT_FORM_TEXT.endsAt} error={err(`dates.${i}.ends_at`)}>
                    <TextInput
                      type="datetime-local"
                      value={d.ends_at}
                      onChange={(ends_at) => updateDate(i, { ends_at })}
                    />
                  </Field>
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm self-end"
                    disabled={form.dates.length === 1}
                    onClick={() => update({ dates: form.dates.filter((_, j) => j !== i) })}
                  >
                    {EVENT_FORM_TEXT.remove}
                  </button>
                </div>
              ))}
              <button
                type="button"
                className="btn btn-outline btn-sm self-start"
                onClick={() =>
                  update({
                    dates: [
                      ...form.dates,
                      {
                        ...emptyDate(),
                        ticket_types: (form.dates.at(-1)?.ticket_types ?? [emptyTicket()]).map(({ id: _id, ...t }) => ({
                          ...t,
                          sold: 0,
                        })),
                      },
                    ],
                  })
                }
              >
                {EVENT_FORM_TEXT.addDate}
              </button>
            </fieldset>
          </div>
        )}
        {step === 2 && (
          <div className="flex flex-col gap-6">
            {form.dates.map((d, i) => (
              <fieldset key={d.id ?? `n${i}`} className="flex flex-col gap-3">
                <legend className="mb-2 font-semibold">
                  {EVENT_FORM_TEXT.date} {i + 1}
                  {localInputToIso(d.starts_at) ? ` · ${formatEventDate(localInputToIso(d.starts_at)!)}` : ''}
                </legend>
                {d.ticket_types.map((t, k) => {
                  const p = `dates.${i}.ticket_types.${k}`;
                  return (
                    <div key={t.id ?? `n${k}`} className="grid gap-3 rounded-box bg-base-300/50 p-3 md:grid-cols-4">
                      <Field label={EVENT_FORM_TEXT.name} error={err(`${p}.name`)}>
                        <TextInput value={t.name} onChange={(name) => updateTicket(i, k, { name })} />
                      </Field>
                      <Field
                        label={EVENT_FORM_TEXT.price}
                        error={err(`${p}.price_cents`)}
                        hint={EVENT_FORM_TEXT.priceHint}
                      >
                        <TextInput
                          inputMode="decimal"
                          value={t.price}
                          onChange={(price) => updateTicket(i, k, { price })}
                        />
                      </Field>
                      <Field
                        label={EVENT_FORM_TEXT.capacity}
                        error={err(`${p}.capacity`)}
                        hint={t.sold ? EVENT_FORM_TEXT.sold(t.sold) : undefined}
                      >
                        <TextInput
                          inputMode="numeric"
                          value={t.capacity}
                          onChange={(capacity) => updateTicket(i, k, { capacity })}
                        />
                      </Field>
                      <div className="grid grid-cols-2 gap-2">
                        <Field label={EVENT_FORM_TEXT.minPerOrder} error={err(`${p}.min_per_order`)}>
                          <TextInput
                            inputMode="numeric"
                            value={t.min_per_order}
                            onChange={(min_per_order) => updateTicket(i, k, { min_per_order })}
                          />
                        </Field>
                        <Field label={EVENT_FORM_TEXT.maxPerOrder} error={err(`${p}.max_per_order`)}>
                          <TextInput
                            inputMode="numeric"
                            value={t.max_per_order}
                            onChange={(max_per_order) => updateTicket(i, k, { max_per_order })}
                          />
                        </Field>
                      </div>
                      <Field label={EVENT_FORM_TEXT.saleStarts} error={err(`${p}.sale_starts_at`)}>
                        <TextInput
                          type="datetime-local"
                          value={t.sale_starts_at}
                          onChange={(sale_starts_at) => updateTicket(i, k, { sale_starts_at })}
                        />
                      </Field>
                      <Field label={EVENT_FORM_TEXT.saleEnds} error={err(`${p}.sale_ends_at`)}>
                        <TextInput
                          type="datetime-local"
                          value={t.sale_ends_at}
                          onChange={(sale_ends_at) => updateTicket(i, k, { sale_ends_at })}
                        />
                      </Field>
                      <div className="flex flex-col justify-end gap-2 text-sm">
                        <ToggleField
                          label={EVENT_FORM_TEXT.hidden}
                          checked={t.hidden}
                          onChecked={(hidden) => updateTicket(i, k, { hidden })}
                        />
                        <ToggleField
                          label={EVENT_FORM_TEXT.nominal}
                          checked={t.named}
                          onChecked={(named) => updateTicket(i, k, { named })}
                        />
                      </div>
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm self-end"
                        disabled={t.sold > 0}
                        onClick={() => updateDate(i, { ticket_types: d.ticket_types.filter((_, j) => j !== k) })}
                      >
                        {EVENT_FORM_TEXT.removeTicketType}
                      </button>
                    </div>
                  );
                })}
                <button
                  type="button"
                  className="btn btn-outline btn-sm self-start"
                  onClick={() =>
                    updateDate(i, {
                      ticket_types: [...d.ticket_types, { ...emptyTicket(), name: '', named: namedByDefault }],
                    })
                  }
                >
                  {EVENT_FORM_TEXT.addTicketType}
                </button>
              </fieldset>
            ))}
          </div>
        )}
        {step === 3 && (
          <div className="grid gap-6 md:grid-cols-2">
            {(['cover_key', 'flyer_key'] as const).map((kind) => (
              <div key={kind} className="flex flex-col gap-2">
                <Field
                  label={kind === 'cover_key' ? EVENT_FORM_TEXT.cover : EVENT_FORM_TEXT.flyer}
                  hint={EVENT_FORM_TEXT.imageHint}
                >
                  <input
                    type="file"
                    accept="image/jpeg,image/png,image/webp"
                    className="file-input w-full"
                    onChange={(e) => upload(kind, e.target.files?.[0])}
                  />
                </Field>
                {form[kind] && (
                  <img src={mediaUrl(form[kind]!)} alt="" className="aspect-video w-full rounded-box object-cover" />
                )}
              </div>
            ))}
          </div>
        )}
        {step === 4 && <Preview form={form} />}
      </section>
      {step === STEPS.length - 1 && status === 'borrador' && <PublishNote direct={direct} />}
      <div className="flex flex-wrap justify-between gap-3">
        <button type="button" className="btn btn-ghost" disabled={step === 0} onClick={() => goToStep(step - 1)}>
          {EVENT_FORM_TEXT.previous}
        </button>
        <div className="flex flex-wrap gap-3">
          <button type="button" className="btn btn-outline" disabled={busy || !live} onClick={saveDraft}>
            {EVENT_FORM_TEXT.saveDraft}
          </button>
          {step < STEPS.length - 1 ? (
            <SubmitButton type="button" className="btn btn-primary" onClick={() => goToStep(step + 1)}>
              {EVENT_FORM_TEXT.next}
            </SubmitButton>
          ) : (
            status === 'borrador' && (
              <button type="button" className="btn btn-primary" disabled={busy} onClick={submit}>
                {direct ? PUBLISH_NOTE_TEXT.publish : EVENT_FORM_TEXT.submit}
              </button>
            )
          )}
        </div>
      </div>
    </div>
  );
}

function Preview({ form }: { form: EventForm }) {
  return (
    <article className="flex flex-col gap-4">
      {form.cover_key && (
        <img src={mediaUrl(form.cover_key)} alt="" className="aspect-video w-full rounded-box object-cover" />
      )}
      <p className="badge badge-secondary">{form.category || EVENT_FORM_TEXT.noCategory}</p>
      <h3 className="text-3xl font-extrabold">{form.title || EVENT_FORM_TEXT.untitled}</h3>
      <p>
        {form.venue.name} · {form.venue.address} · {form.venue.city}
      </p>
      <ul>
        {form.dates.map((d, i) => {
          const iso = localInputToIso(d.starts_at);
          return (
            <li key={d.id ?? `n${i}`} className="mb-2">
              <p className="font-semibold">{iso ? formatEventDate(iso) : EVENT_FORM_TEXT.noDate}</p>
              <ul className="ml-4 text-sm">
                {d.ticket_types.map((t, k) => {
                  const cents = pesosToCents(t.price);
                  return (
                    <li key={t.id ?? `n${k}`}>
                      {t.name}: {cents === null ? EVENT_FORM_TEXT.noPrice : formatPrice(cents)} ·{' '}
                      {EVENT_FORM_TEXT.places(t.capacity || 0, !!t.hidden)}
                    </li>
                  );
                })}
              </ul>
            </li>
          );
        })}
      </ul>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: renderMarkdown escapes all HTML first, as on the public page. */}
      <div className="flex flex-col gap-3" dangerouslySetInnerHTML={{ __html: renderMarkdown(form.description) }} />
    </article>
  );
}
