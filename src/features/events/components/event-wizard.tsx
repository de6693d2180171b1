import { useEffect, useRef, useState } from 'react';
import { ApiError, client, messageOf, unwrap } from '../../../lib/api';
import { formatEventDate, localInputToIso } from '../../../shared/dates';
import { mediaUrl } from '../../../shared/media';
import { MSG } from '../../../shared/messages';
import { formatPrice, pesosToCents } from '../../../shared/money';
import { CATEGORIES, type Category } from '../../../shared/schemas/event';
import { toast } from '../../../stores/toast';
import { uploadImage } from '../api/upload-image';
import {
  type DateForm,
  type EventForm,
  emptyDate,
  emptyEvent,
  emptyTicket,
  fromEvent,
  type TicketForm,
  toPayload,
} from '../lib/event-form';
import { renderMarkdown } from '../lib/markdown';
import type { ManagedVenue, MyProducer, Province } from '../types';
import { Field, type FieldErrors, TextInput } from './wizard-fields';

const STEPS = ['Datos básicos', 'Fechas y lugar', 'Entradas', 'Imágenes', 'Vista previa'] as const;

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
  const [loading, setLoading] = useState(Boolean(initialId));
  const [venues, setVenues] = useState<Venue[]>([]);
  // Moving between steps puts focus on the new step's heading ("Paso 2 de 5: …"), so a screen reader announces
  // the step and a keyboard user continues from its top; the first render leaves focus alone.
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const stepChanged = useRef(false);
  const goToStep = (i: number) => {
    stepChanged.current = true;
    setStep(i);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each step change, on purpose.
  useEffect(() => {
    if (stepChanged.current) stepHeading.current?.focus();
  }, [step]);

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
    if (!initialId) return;
    unwrap(client.admin.events[':id'].$get({ param: { id: String(initialId) } }))
      .then((r) => {
        setForm(fromEvent(r.data));
        setStatus(r.data.status);
        if (r.data.rejection_reason) setProblem(`Rechazado: ${r.data.rejection_reason}`);
      })
      .catch((e: unknown) => setProblem(messageOf(e)))
      .finally(() => setLoading(false));
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
        setErrors(e.errors ?? {});
        setProblem(e.message);
      } else setProblem(MSG.network);
      return null;
    } finally {
      setBusy(false);
    }
  }

  async function saveDraft() {
    if (await save()) toast('success', 'Borrador guardado');
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

  if (loading) return <span className="loading loading-spinner" role="status" aria-label="Cargando" />;
  const needsProducer = !eventId && producers !== null && producers.length === 0;

  return (
    <div className="flex flex-col gap-6">
      <ol className="steps steps-horizontal w-full text-xs" aria-label="Pasos">
        {STEPS.map((label, i) => (
          <li key={label} className={`step ${i <= step ? 'step-primary' : ''}`}>
            <button
              type="button"
              className="hover:underline"
              onClick={() => goToStep(i)}
              aria-current={i === step ? 'step' : undefined}
            >
              {label}
            </button>
          </li>
        ))}
      </ol>
      {problem && (
        <div role="alert" className="alert alert-error">
          {problem}
        </div>
      )}
      <section aria-label={STEPS[step]} className="rounded-box border border-white/10 bg-base-200 p-5">
        <h2 ref={stepHeading} tabIndex={-1} className="mb-4 text-xl font-bold focus:outline-none">
          <span className="sr-only">{`Paso ${step + 1} de ${STEPS.length}: `}</span>
          {STEPS[step]}
        </h2>
        {step === 0 && (
          <div className="grid gap-4 md:grid-cols-2">
            {needsProducer && (
              <Field
                label="Nombre de tu productora"
                hint="Con tu primer evento creamos tu productora y pasás a administrarla."
                className="md:col-span-2"
              >
                <TextInput value={producerName} onChange={setProducerName} placeholder="Ej.: Sonidos del Sur" />
              </Field>
            )}
            {!eventId && producers && producers.length > 1 && (
              <Field label="Productora" className="md:col-span-2">
                <select
                  className="select w-full"
                  value={producerId}
                  onChange={(e) => setProducerId(Number(e.target.value))}
                >
                  {producers.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.name}
                    </option>
                  ))}
                </select>
              </Field>
            )}
            <Field label="Título" error={err('title')} className="md:col-span-2">
              <TextInput
                name="title"
                value={form.title}
                onChange={(title) => update({ title })}
                invalid={!!err('title')}
              />
            </Field>
            <Field label="Categoría" error={err('category')}>
              <select
                name="category"
                className="select w-full"
                value={form.category}
                onChange={(e) => update({ category: e.target.value as Category })}
              >
                <option value="">Elegí una categoría</option>
                {CATEGORIES.map((c) => (
                  <option key={c}>{c}</option>
                ))}
              </select>
            </Field>
            <Field label="Edad mínima (opcional)" error={err('min_age')}>
              <TextInput type="number" min="0" value={form.min_age} onChange={(min_age) => update({ min_age })} />
            </Field>
            <Field
              label="Descripción"
              error={err('description')}
              hint="Párrafos separados por una línea en blanco; **negrita**, *cursiva* y [enlaces](https://...)."
              className="md:col-span-2"
            >
              <textarea
                name="description"
                className="textarea h-40 w-full"
                value={form.description}
                onChange={(e) => update({ description: e.target.value })}
              />
            </Field>
          </div>
        )}
        {step === 1 && (
          <div className="flex flex-col gap-6">
            <fieldset className="grid gap-4 md:grid-cols-2">
              <legend className="mb-2 font-semibold">Lugar</legend>
              {venues.length > 0 && (
                <Field label="Usar un lugar anterior" className="md:col-span-2">
                  <select
                    className="select w-full"
                    value=""
                    onChange={(e) => {
                      const venue = venues.find((v) => v.id === Number(e.target.value));
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
                    <option value="">Elegí un lugar para completar los datos</option>
                    {venues.map((v) => (
                      <option key={v.id} value={v.id}>
                        {v.name} · {v.city}
                      </option>
                    ))}
                  </select>
                </Field>
              )}
              <Field label="Nombre del lugar" error={err('venue.name')}>
                <TextInput
                  name="venue_name"
                  value={form.venue.name}
                  onChange={(name) => update({ venue: { ...form.venue, name } })}
                />
              </Field>
              <Field label="Dirección" error={err('venue.address')}>
                <TextInput
                  value={form.venue.address}
                  onChange={(address) => update({ venue: { ...form.venue, address } })}
                />
              </Field>
              <Field label="Ciudad" error={err('venue.city')}>
                <TextInput value={form.venue.city} onChange={(city) => update({ venue: { ...form.venue, city } })} />
              </Field>
              <Field label="Provincia" error={err('venue.provinces_id')}>
                <select
                  name="venue_province"
                  className="select w-full"
                  value={form.venue.provinces_id}
                  onChange={(e) => update({ venue: { ...form.venue, provinces_id: e.target.value } })}
                >
                  <option value="">Elegí una provincia</option>
                  {provinces.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.name}
                    </option>
                  ))}
                </select>
              </Field>
            </fieldset>
            <fieldset className="flex flex-col gap-4">
              <legend className="mb-2 font-semibold">Funciones (hora de Buenos Aires)</legend>
              {form.dates.map((d, i) => (
                <div
                  key={d.id ?? `n${i}`}
                  className="grid gap-3 rounded-box bg-base-300/50 p-3 md:grid-cols-[1fr_1fr_1fr_auto]"
                >
                  <Field label={`Inicio de la función ${i + 1}`} error={err(`dates.${i}.starts_at`)}>
                    <TextInput
                      type="datetime-local"
                      value={d.starts_at}
                      onChange={(starts_at) => updateDate(i, { starts_at })}
                    />
                  </Field>
                  <Field label="Apertura de puertas" error={err(`dates.${i}.doors_at`)}>
                    <TextInput
                      type="datetime-local"
                      value={d.doors_at}
                      onChange={(doors_at) => updateDate(i, { doors_at })}
                    />
                  </Field>
                  <Field label="Fin (opcional)" error={err(`dates.${i}.ends_at`)}>
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
                    Quitar
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
                Agregar función
              </button>
            </fieldset>
          </div>
        )}
        {step === 2 && (
          <div className="flex flex-col gap-6">
            {form.dates.map((d, i) => (
              <fieldset key={d.id ?? `n${i}`} className="flex flex-col gap-3">
                <legend className="mb-2 font-semibold">
                  Función {i + 1}
                  {localInputToIso(d.starts_at) ? ` · ${formatEventDate(localInputToIso(d.starts_at)!)}` : ''}
                </legend>
                {d.ticket_types.map((t, k) => {
                  const p = `dates.${i}.ticket_types.${k}`;
                  return (
                    <div key={t.id ?? `n${k}`} className="grid gap-3 rounded-box bg-base-300/50 p-3 md:grid-cols-4">
                      <Field label="Nombre" error={err(`${p}.name`)}>
                        <TextInput value={t.name} onChange={(name) => updateTicket(i, k, { name })} />
                      </Field>
                      <Field label="Precio ($)" error={err(`${p}.price_cents`)} hint="0 para entrada gratuita">
                        <TextInput
                          inputMode="decimal"
                          value={t.price}
                          onChange={(price) => updateTicket(i, k, { price })}
                        />
                      </Field>
                      <Field
                        label="Capacidad"
                        error={err(`${p}.capacity`)}
                        hint={t.sold ? `${t.sold} vendidas` : undefined}
                      >
                        <TextInput
                          inputMode="numeric"
                          value={t.capacity}
                          onChange={(capacity) => updateTicket(i, k, { capacity })}
                        />
                      </Field>
                      <div className="grid grid-cols-2 gap-2">
                        <Field label="Mín. por compra" error={err(`${p}.min_per_order`)}>
                          <TextInput
                            inputMode="numeric"
                            value={t.min_per_order}
                            onChange={(min_per_order) => updateTicket(i, k, { min_per_order })}
                          />
                        </Field>
                        <Field label="Máx. por compra" error={err(`${p}.max_per_order`)}>
                          <TextInput
                            inputMode="numeric"
                            value={t.max_per_order}
                            onChange={(max_per_order) => updateTicket(i, k, { max_per_order })}
                          />
                        </Field>
                      </div>
                      <Field label="Inicio de venta (opcional)" error={err(`${p}.sale_starts_at`)}>
                        <TextInput
                          type="datetime-local"
                          value={t.sale_starts_at}
                          onChange={(sale_starts_at) => updateTicket(i, k, { sale_starts_at })}
                        />
                      </Field>
                      <Field label="Fin de venta (opcional)" error={err(`${p}.sale_ends_at`)}>
                        <TextInput
                          type="datetime-local"
                          value={t.sale_ends_at}
                          onChange={(sale_ends_at) => updateTicket(i, k, { sale_ends_at })}
                        />
                      </Field>
                      <div className="flex flex-col justify-end gap-2 text-sm">
                        <label className="flex items-center gap-2">
                          <input
                            type="checkbox"
                            className="toggle toggle-sm"
                            checked={t.hidden}
                            onChange={(e) => updateTicket(i, k, { hidden: e.target.checked })}
                          />
                          Oculta (no se muestra al público)
                        </label>
                        <label className="flex items-center gap-2">
                          <input
                            type="checkbox"
                            className="toggle toggle-sm"
                            checked={t.named}
                            onChange={(e) => updateTicket(i, k, { named: e.target.checked })}
                          />
                          Nominada (nombre y DNI)
                        </label>
                      </div>
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm self-end"
                        disabled={t.sold > 0}
                        onClick={() => updateDate(i, { ticket_types: d.ticket_types.filter((_, j) => j !== k) })}
                      >
                        Quitar entrada
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
                  Agregar tipo de entrada
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
                  label={kind === 'cover_key' ? 'Portada (horizontal, 16:9)' : 'Flyer (opcional)'}
                  hint="JPG, PNG o WebP. La achicamos para celulares."
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
      <div className="flex flex-wrap justify-between gap-3">
        <button type="button" className="btn btn-ghost" disabled={step === 0} onClick={() => goToStep(step - 1)}>
          Anterior
        </button>
        <div className="flex flex-wrap gap-3">
          <button type="button" className="btn btn-outline" disabled={busy} onClick={saveDraft}>
            Guardar borrador
          </button>
          {step < STEPS.length - 1 ? (
            <button type="button" className="btn btn-primary" onClick={() => goToStep(step + 1)}>
              Siguiente
            </button>
          ) : (
            status === 'borrador' && (
              <button type="button" className="btn btn-primary" disabled={busy} onClick={submit}>
                Enviar a revisión
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
      <p className="badge badge-secondary">{form.category || 'Sin categoría'}</p>
      <h3 className="text-3xl font-extrabold">{form.title || 'Sin título'}</h3>
      <p>
        {form.venue.name} · {form.venue.address} · {form.venue.city}
      </p>
      <ul>
        {form.dates.map((d, i) => {
          const iso = localInputToIso(d.starts_at);
          return (
            <li key={d.id ?? `n${i}`} className="mb-2">
              <p className="font-semibold">{iso ? formatEventDate(iso) : 'Fecha sin definir'}</p>
              <ul className="ml-4 text-sm">
                {d.ticket_types.map((t, k) => {
                  const cents = pesosToCents(t.price);
                  return (
                    <li key={t.id ?? `n${k}`}>
                      {t.name}: {cents === null ? 'precio sin definir' : formatPrice(cents)} · {t.capacity || 0} lugares
                      {t.hidden ? ' · oculta' : ''}
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
