import { useState } from 'react';
import { ScrollRegion } from '../../../components/scroll-region';
import { DataTable } from '../../../components/ui/data-table';
import { SelectField, TextField } from '../../../components/ui/fields';
import { LoadState } from '../../../components/ui/load-state';
import { useData } from '../../../components/ui/use-data';
import { ApiError } from '../../../lib/api';
import { PROMO_DISCOUNT_LABEL, PROMO_MSG, PROMO_ADMIN_MSG as T } from '../../../shared/messages/promo';
import { formatMoney } from '../../../shared/money';
import { toast } from '../../../stores/toast';
import { WaitlistEntries } from '../../waitlist/components/waitlist-entries';
import { archiveCode, bulkCodes, createCode, listCodes, readWaitlist } from '../api/promo-admin';
import { PromoShare } from './promo-share';

type Code = Awaited<ReturnType<typeof listCodes>>['data'][number];
type Waitlist = Awaited<ReturnType<typeof readWaitlist>>['data'];
type DiscountType = keyof typeof PROMO_DISCOUNT_LABEL;

/** Amount fields are typed in pesos; percentages as they are. */
const toValue = (type: DiscountType, typed: string) =>
  type === 'percent' ? Math.round(Number(typed)) : Math.round(Number(typed.replace(',', '.')) * 100);

/**
 * Promo codes of one event (and the producer's codes for all its events): create one, generate many with a
 * prefix, archive, the report per code with CSV; and the event's waiting list demand.
 */
export default function PromoAdmin({ eventId, producerId }: { eventId: number; producerId: number }) {
  const [code, setCode] = useState('');
  const [type, setType] = useState<DiscountType>('percent');
  const [value, setValue] = useState('10');
  const [maxTickets, setMaxTickets] = useState('');
  const [owner, setOwner] = useState('');
  const [count, setCount] = useState('10');
  const [prefix, setPrefix] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const state = useData(async (): Promise<{ codes: Code[]; waitlist: Waitlist | null }> => {
    const [list, wait] = await Promise.all([listCodes(producerId, eventId), readWaitlist(eventId).catch(() => null)]);
    return { codes: list.data, waitlist: wait?.data ?? null };
  }, `${producerId}:${eventId}`);
  const { reload } = state;
  const waitlist = state.data?.waitlist ?? null;

  const fields = () => ({
    event_id: eventId,
    kind: 'discount' as const,
    discount_type: type,
    value: toValue(type, value),
    ticket_type_ids: [],
    unlock_ticket_type_ids: [],
    max_tickets: maxTickets ? Number(maxTickets) : null,
    max_per_order: null,
    max_per_buyer: null,
    valid_from: null,
    valid_until: null,
    owner_label: owner,
    release_on_refund: false,
  });

  async function run(action: () => Promise<unknown>, done: string) {
    setBusy(true);
    setErrors({});
    try {
      await action();
      toast('success', done);
      await reload();
    } catch (err) {
      if (err instanceof ApiError) {
        const map: Record<string, string> = {};
        for (const [k, v] of Object.entries(err.errors ?? {})) map[k] = v[0] ?? '';
        setErrors(map);
        toast('error', err.message);
      } else toast('error', PROMO_MSG.codeInvalid);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="promo-new" className="rounded-box bg-base-200 p-5">
        <h2 id="promo-new" className="mb-4 text-lg font-bold">
          {T.newCode}
        </h2>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label={T.code}
            className="uppercase"
            value={code}
            onValue={setCode}
            maxLength={32}
            error={errors.code}
          />
          <SelectField label={T.discountType} value={type} onValue={(v) => setType(v as DiscountType)}>
            {Object.entries(PROMO_DISCOUNT_LABEL).map(([k, label]) => (
              <option key={k} value={k}>
                {label}
              </option>
            ))}
          </SelectField>
          <TextField
            label={type === 'percent' ? T.percent : T.amount}
            inputMode="decimal"
            value={value}
            onValue={setValue}
            error={errors.value}
          />
          <TextField
            label={T.maxTickets}
            inputMode="numeric"
            value={maxTickets}
            onValue={setMaxTickets}
            error={errors.max_tickets}
          />
          <TextField label={T.owner} value={owner} onValue={setOwner} maxLength={80} error={errors.owner_label} />
        </div>
        <div className="mt-4 flex flex-wrap items-end gap-3">
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy}
            onClick={() =>
              run(
                () =>
                  createCode(producerId, { ...fields(), ...(code.trim() ? { code: code.trim().toUpperCase() } : {}) }),
                T.created,
              )
            }
          >
            {T.create}
          </button>
          <TextField label={T.count} inputMode="numeric" value={count} onValue={setCount} error={errors.count} />
          <TextField
            label={T.prefix}
            className="uppercase"
            value={prefix}
            onValue={setPrefix}
            maxLength={12}
            error={errors.prefix}
          />
          <button
            type="button"
            className="btn btn-outline"
            disabled={busy}
            onClick={() =>
              run(
                () => bulkCodes(producerId, { ...fields(), count: Number(count), prefix: prefix.toUpperCase() }),
                T.generated,
              )
            }
          >
            {T.generate}
          </button>
        </div>
      </section>

      <section aria-labelledby="promo-list">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <h2 id="promo-list" className="text-lg font-bold">
            {T.codes}
          </h2>
          <a
            className="btn btn-sm btn-outline"
            href={`/api/v1/admin/promo-codes/${producerId}/report?event_id=${eventId}&format=csv`}
            download
          >
            {T.csv}
          </a>
        </div>
        <LoadState state={state}>
          {({ codes }) => (
            <ScrollRegion label={T.codes}>
              <DataTable
                className="table table-sm"
                columns={[...T.columns, { label: T.actions, hidden: true }]}
                scope="col"
              >
                {codes.map((c) => (
                  <tr key={c.id}>
                    <td className="font-mono">{c.code}</td>
                    <td>{c.owner_label || '—'}</td>
                    <td>
                      {c.discount_type === 'percent' ? `${c.value} %` : c.discount_type ? formatMoney(c.value) : '—'}
                    </td>
                    <td>{c.uses}</td>
                    <td>
                      {c.tickets}
                      {c.max_tickets !== null ? ` · ${T.limitUsed(c.live_tickets, c.max_tickets)}` : ''}
                    </td>
                    <td>{formatMoney(c.revenue_cents)}</td>
                    <td>
                      {c.archived_at ? (
                        T.archivedLabel
                      ) : (
                        <span className="flex flex-wrap gap-1">
                          <PromoShare eventId={eventId} code={c.code} />
                          <button
                            type="button"
                            className="btn btn-ghost btn-xs"
                            disabled={busy}
                            onClick={() => run(() => archiveCode(producerId, c.id), PROMO_MSG.archived)}
                          >
                            {T.archive(c.code)}
                          </button>
                        </span>
                      )}
                    </td>
                  </tr>
                ))}
              </DataTable>
            </ScrollRegion>
          )}
        </LoadState>
      </section>

      {waitlist && (
        <section aria-labelledby="waitlist-demand">
          <h2 id="waitlist-demand" className="mb-3 text-lg font-bold">
            {T.waitlist}
          </h2>
          {waitlist.demand.length === 0 ? (
            <p className="text-sm text-base-content/70">{T.nobodyWaiting}</p>
          ) : (
            <ul className="flex flex-col gap-1">
              {waitlist.demand.map((d) => (
                <li key={d.ticket_type_id}>
                  {T.demand(d.name, d.entries, d.tickets)} {d.message}{' '}
                  <a className="link" href="/admin/events">
                    {T.addCapacity}
                  </a>
                </li>
              ))}
            </ul>
          )}
          <WaitlistEntries entries={waitlist.entries} />
        </section>
      )}
    </div>
  );
}
