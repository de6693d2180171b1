import { useEffect, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { SelectField, TextField, ToggleField } from '../../../components/ui/fields';
import { useData } from '../../../components/ui/use-data';
import { messageOf } from '../../../lib/api';
import { formatEventDate, isoToLocalInput, localInputToIso } from '../../../shared/dates';
import { QUEUE_ADMIN_TEXT, QUEUE_MSG, QUEUE_STATE_LABEL } from '../../../shared/messages/queue';
import { toast } from '../../../stores/toast';
import { controlQueue, rateQueue, readQueue, removeQueue, saveQueue } from '../api/queue-admin';
import type { AdminQueueView } from '../types';

type Props = { eventId: number; initial: AdminQueueView; dates: { id: number; label: string }[] };

const stateLabel = (state: string) =>
  QUEUE_STATE_LABEL[state as keyof typeof QUEUE_STATE_LABEL] ?? QUEUE_ADMIN_TEXT.notConfigured;

/**
 * "Venta con fila" in the back office: the setting (opening, pre-queue, per-DNI cap, admission), the live
 * view (queue length, admitted, active holds, sold, rate; polled every 3 s) and the controls.
 */
export default function QueueAdmin({ eventId, initial, dates }: Props) {
  // Polled while the queue runs; an older poll answering after a newer one (or after an action) is dropped.
  const queue = useData<AdminQueueView>(async () => (await readQueue(eventId)).data, eventId, { initial });
  const view = queue.data ?? initial;
  const [form, setForm] = useState(() => ({
    event_date_id: initial.setting?.event_date_id ? String(initial.setting.event_date_id) : '',
    opens_at: initial.setting ? isoToLocalInput(initial.setting.opens_at) : '',
    prequeue_minutes: String(initial.setting?.prequeue_minutes ?? 30),
    dni_cap: initial.setting?.dni_cap ? String(initial.setting.dni_cap) : '',
    rate_per_minute: String(initial.setting?.rate_per_minute ?? 60),
    hold_limit: initial.setting?.hold_limit ? String(initial.setting.hold_limit) : '',
  }));
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The confirmation open: closing (for good, or back to the normal sale) or taking the queue off. */
  const [confirming, setConfirming] = useState<'close' | 'close_normal' | 'remove' | null>(null);
  const set = (patch: Partial<typeof form>) => setForm({ ...form, ...patch });

  // A failed poll keeps the last view on screen; the next poll tries again.
  const refresh = queue.reload;

  useEffect(() => {
    if (!view.setting || view.live?.state === 'closed') return;
    const timer = setInterval(() => void refresh(), 3000);
    return () => clearInterval(timer);
  }, [refresh, view.setting, view.live?.state]);

  async function run(work: () => Promise<unknown>, done: string) {
    setBusy(true);
    setProblem(null);
    try {
      await work();
      await refresh();
      toast('success', done);
    } catch (err) {
      setProblem(messageOf(err));
    } finally {
      setBusy(false);
    }
  }

  const save = (e: React.FormEvent) => {
    e.preventDefault();
    const opensAt = localInputToIso(form.opens_at);
    if (!opensAt) {
      setProblem(QUEUE_ADMIN_TEXT.opensRequired);
      return;
    }
    void run(
      () =>
        saveQueue(eventId, {
          event_date_id: form.event_date_id ? Number(form.event_date_id) : null,
          opens_at: opensAt,
          prequeue_minutes: Number(form.prequeue_minutes),
          dni_cap: form.dni_cap ? Number(form.dni_cap) : null,
          rate_per_minute: Number(form.rate_per_minute),
          hold_limit: form.hold_limit ? Number(form.hold_limit) : null,
        }),
      QUEUE_ADMIN_TEXT.saved,
    );
  };

  const live = view.live;
  const opened = live ? live.state === 'open' || live.state === 'paused' || live.state === 'closed' : false;
  return (
    <div className="flex flex-col gap-6">
      {problem && (
        <div role="alert" className="alert alert-error">
          {problem}
        </div>
      )}
      {live && (
        <section className="rounded-box bg-base-200 p-5" aria-labelledby="fila-en-vivo">
          <h2 id="fila-en-vivo" className="mb-4 text-lg font-bold">
            {QUEUE_ADMIN_TEXT.live(stateLabel(live.state), live.closed_reason)}
          </h2>
          <dl className="grid grid-cols-2 gap-4 md:grid-cols-5">
            {[
              [QUEUE_ADMIN_TEXT.inQueue, live.length],
              [QUEUE_ADMIN_TEXT.waiting, live.waiting],
              [QUEUE_ADMIN_TEXT.admitted, live.admitted],
              [QUEUE_ADMIN_TEXT.activeHolds, live.active_holds ?? '-'],
              [QUEUE_ADMIN_TEXT.sold, live.sold ?? '-'],
            ].map(([label, value]) => (
              <div key={String(label)}>
                <dt className="text-sm text-base-content/70">{label}</dt>
                <dd className="text-2xl font-bold" data-live={String(label)}>
                  {value}
                </dd>
              </div>
            ))}
          </dl>
          <p className="mt-3 text-sm text-base-content/70">
            {QUEUE_ADMIN_TEXT.pace(
              live.rate_per_minute,
              live.hold_limit,
              live.prequeue_size,
              formatEventDate(String(live.opens_at)),
            )}
          </p>
          {live.state !== 'closed' && (
            <div className="mt-4 flex flex-wrap gap-2">
              {live.state === 'paused' ? (
                <button
                  type="button"
                  className="btn btn-primary"
                  disabled={busy}
                  onClick={() => run(() => controlQueue(eventId, 'resume'), QUEUE_ADMIN_TEXT.resumed)}
                >
                  {QUEUE_ADMIN_TEXT.resume}
                </button>
              ) : (
                <button
                  type="button"
                  className="btn"
                  disabled={busy || !opened}
                  onClick={() => run(() => controlQueue(eventId, 'pause'), QUEUE_ADMIN_TEXT.paused)}
                >
                  {QUEUE_ADMIN_TEXT.pause}
                </button>
              )}
              <button
                type="button"
                className="btn"
                disabled={busy}
                onClick={() =>
                  run(
                    () =>
                      rateQueue(eventId, {
                        rate_per_minute: Number(form.rate_per_minute),
                        hold_limit: form.hold_limit ? Number(form.hold_limit) : null,
                      }),
                    QUEUE_ADMIN_TEXT.rateUpdated,
                  )
                }
              >
                {QUEUE_ADMIN_TEXT.applyRate}
              </button>
              <button type="button" className="btn btn-error" disabled={busy} onClick={() => setConfirming('close')}>
                {QUEUE_ADMIN_TEXT.closeQueue}
              </button>
              <button
                type="button"
                className="btn btn-warning"
                disabled={busy}
                onClick={() => setConfirming('close_normal')}
              >
                {QUEUE_ADMIN_TEXT.closeToNormal}
              </button>
            </div>
          )}
          {live.state === 'closed' && (
            <div className="mt-4 flex flex-wrap gap-2">
              <button
                type="button"
                className="btn btn-primary"
                disabled={busy}
                onClick={() => run(() => controlQueue(eventId, 'reopen'), QUEUE_ADMIN_TEXT.reopened)}
              >
                {QUEUE_ADMIN_TEXT.reopen}
              </button>
            </div>
          )}
          {live.state !== 'closed' && view.setting && (
            <div className="mt-4">
              <ToggleField
                label={QUEUE_ADMIN_TEXT.waitlistToggle}
                hint={QUEUE_ADMIN_TEXT.waitlistHint}
                checked={view.setting.waitlist_open}
                disabled={busy}
                onChecked={(open) =>
                  run(
                    () => controlQueue(eventId, open ? 'waitlist_open' : 'waitlist_closed'),
                    open ? QUEUE_ADMIN_TEXT.waitlistOpened : QUEUE_ADMIN_TEXT.waitlistClosed,
                  )
                }
              />
            </div>
          )}
        </section>
      )}
      <form className="rounded-box bg-base-200 p-5" onSubmit={save} noValidate aria-labelledby="fila-config">
        <h2 id="fila-config" className="mb-4 text-lg font-bold">
          {QUEUE_ADMIN_TEXT.title}
        </h2>
        <div className="grid gap-4 md:grid-cols-3">
          {dates.length > 1 && (
            <SelectField
              label={QUEUE_ADMIN_TEXT.scope}
              value={form.event_date_id}
              disabled={opened}
              onValue={(v) => set({ event_date_id: v })}
            >
              <option value="">{QUEUE_ADMIN_TEXT.allDates}</option>
              {dates.map((d) => (
                <option key={d.id} value={String(d.id)}>
                  {QUEUE_ADMIN_TEXT.onlyDate} {d.label}
                </option>
              ))}
            </SelectField>
          )}
          <TextField
            label={QUEUE_ADMIN_TEXT.opensAt}
            type="datetime-local"
            value={form.opens_at}
            disabled={opened}
            onValue={(v) => set({ opens_at: v })}
            required
          />
          <TextField
            label={QUEUE_ADMIN_TEXT.prequeueMinutes}
            type="number"
            min={1}
            max={1440}
            value={form.prequeue_minutes}
            disabled={opened}
            onValue={(v) => set({ prequeue_minutes: v })}
          />
          <TextField
            label={QUEUE_ADMIN_TEXT.dniCap}
            type="number"
            min={1}
            max={50}
            value={form.dni_cap}
            onValue={(v) => set({ dni_cap: v })}
          />
          <TextField
            label={QUEUE_ADMIN_TEXT.ratePerMinute}
            type="number"
            min={1}
            value={form.rate_per_minute}
            onValue={(v) => set({ rate_per_minute: v })}
          />
          <TextField
            label={QUEUE_ADMIN_TEXT.holdLimit}
            type="number"
            min={1}
            value={form.hold_limit}
            onValue={(v) => set({ hold_limit: v })}
          />
        </div>
        <div className="mt-4 flex flex-wrap gap-2">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {view.setting ? QUEUE_ADMIN_TEXT.saveChanges : QUEUE_ADMIN_TEXT.enable}
          </button>
          {view.setting && !opened && (
            <button
              type="button"
              className="btn"
              disabled={busy}
              onClick={() =>
                (live?.length ?? 0) > 0
                  ? setConfirming('remove')
                  : run(() => removeQueue(eventId, 0), QUEUE_ADMIN_TEXT.disabled)
              }
            >
              {QUEUE_ADMIN_TEXT.disable}
            </button>
          )}
        </div>
      </form>
      {confirming === 'close' && (
        <ConfirmDialog
          title={QUEUE_ADMIN_TEXT.closeQueue}
          text={QUEUE_ADMIN_TEXT.closeText}
          tone="danger"
          confirmLabel={QUEUE_ADMIN_TEXT.closeQueue}
          onClose={() => setConfirming(null)}
          onConfirm={async () => {
            await run(() => controlQueue(eventId, 'close'), QUEUE_ADMIN_TEXT.closed);
            return null;
          }}
        />
      )}
      {confirming === 'close_normal' && (
        <ConfirmDialog
          title={QUEUE_ADMIN_TEXT.closeToNormal}
          text={QUEUE_ADMIN_TEXT.closeToNormalText}
          confirmLabel={QUEUE_ADMIN_TEXT.closeToNormal}
          onClose={() => setConfirming(null)}
          onConfirm={async () => {
            await run(() => controlQueue(eventId, 'close_normal'), QUEUE_ADMIN_TEXT.closedToNormal);
            return null;
          }}
        />
      )}
      {confirming === 'remove' && (
        <ConfirmDialog
          title={QUEUE_ADMIN_TEXT.removeTitle}
          text={QUEUE_MSG.removeConfirm(live?.length ?? 0)}
          tone="danger"
          confirmLabel={QUEUE_ADMIN_TEXT.disable}
          onClose={() => setConfirming(null)}
          onConfirm={async () => {
            // The count the producer was shown: if people joined meanwhile the API says how many now.
            try {
              await removeQueue(eventId, live?.length ?? 0);
            } catch (err) {
              await refresh();
              return messageOf(err);
            }
            await refresh();
            toast('success', QUEUE_ADMIN_TEXT.disabled);
            return null;
          }}
        />
      )}
    </div>
  );
}
