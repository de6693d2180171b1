import { useEffect, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable } from '../../../components/ui/data-table';
import { SelectField, TextField } from '../../../components/ui/fields';
import { LoadState } from '../../../components/ui/load-state';
import { OverflowMenu } from '../../../components/ui/overflow-menu';
import { useTabs } from '../../../components/ui/tabs';
import { useData } from '../../../components/ui/use-data';
import { client, messageOf, unwrap } from '../../../lib/api';
import { formatEventDate } from '../../../shared/dates';
import { UI_MSG } from '../../../shared/messages/common';
import { EVENT_LIST_TEXT, STATUS_LABEL } from '../../../shared/messages/events';
import { VENUE_MAPS_TEXT } from '../../../shared/messages/venue-maps';
import { EVENT_STATUSES, type EventStatus } from '../../../shared/schemas/events';
import { toast } from '../../../stores/toast';
import type { ManagedEvent, MyProducer, Province } from '../types';
import { DIALOG, RowActions } from './event-row-actions';
import ProducerForm from './producer-form';

/** A row of GET /admin/events, as the API types it. */
type Row = ManagedEvent;
type Producer = MyProducer;
type Pending = { kind: 'cancel' | 'delete' | 'reject' | 'approve'; row: Row } | null;

const STATUS_BADGE: Record<EventStatus, string> = {
  borrador: 'badge-ghost',
  en_revision: 'badge-warning',
  publicado: 'badge-success',
  cancelado: 'badge-error',
  finalizado: 'badge-neutral',
};

/**
 * /admin/events: the events of the caller's producers (a superadmin sees all, with a producer filter and
 * the search over every client) and, for a superadmin, the review queue. Actions show only where the API
 * would allow them: collaborators read, admins manage.
 */
type Tab = 'eventos' | 'revision' | 'productora';

export default function AdminEvents({
  isSuperAdmin,
  initialTab,
  provinces,
}: {
  isSuperAdmin: boolean;
  initialTab: Tab;
  provinces: Province[];
}) {
  const [tab, setTab] = useState<Tab>(isSuperAdmin || initialTab !== 'revision' ? initialTab : 'eventos');
  const [profileId, setProfileId] = useState<number | undefined>();
  const [producers, setProducers] = useState<Producer[]>([]);
  const [filters, setFilters] = useState({ producer_id: '', status: '', q: '' });
  const [query, setQuery] = useState('');
  const [pending, setPending] = useState<Pending>(null);
  // The tab's list; typing in the search or switching tabs drops the answers they replaced.
  const list = useData(
    async (): Promise<{ tab: Tab; rows: Row[] | null; producers: Producer[] | null }> => {
      if (tab === 'productora')
        return { tab, rows: null, producers: (await unwrap(client.admin.producers.$get())).data };
      if (tab === 'revision')
        return { tab, rows: (await unwrap(client.admin.moderation.$get())).data, producers: null };
      const query = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== ''));
      const r = await unwrap(client.admin.events.$get({ query }));
      return { tab, rows: r.data, producers: r.producers };
    },
    JSON.stringify([tab, filters]),
  );
  const load = list.reload;
  useEffect(() => {
    const found = list.data?.producers;
    if (!found) return;
    setProducers(found);
    setProfileId((id) => id ?? found.find((p) => p.role !== 'COLABORATORS')?.id);
  }, [list.data]);
  // Another tab's rows are never shown under this one: placeholders until this tab's answer.
  const rows = list.data?.tab === tab ? list.data.rows : null;
  const rowsState = { data: rows, error: list.error, loading: list.loading, reload: list.reload };

  const canManage = (row: Row) => isSuperAdmin || producers.some((p) => p.id === row.producer_id && p.role === 'ADMIN');

  async function act(call: () => Promise<object>) {
    try {
      const r = await call();
      toast('success', 'message' in r && typeof r.message === 'string' ? r.message : EVENT_LIST_TEXT.done);
      load();
      return null;
    } catch (e) {
      return messageOf(e);
    }
  }

  async function run(call: () => Promise<object>) {
    const problem = await act(call);
    if (problem) toast('error', problem);
  }

  const switchTab = (next: Tab) => {
    setTab(next);
    history.replaceState(null, '', next === 'eventos' ? '/admin/events' : `/admin/events?tab=${next}`);
  };
  const managed = producers.filter((p) => p.role === 'ADMIN' || p.role === 'SUPERADMIN');
  const tabs: [Tab, string][] = [
    ['eventos', EVENT_LIST_TEXT.events],
    ...(isSuperAdmin ? ([['revision', EVENT_LIST_TEXT.inReview]] as [Tab, string][]) : []),
    ...(managed.length > 0 ? ([['productora', EVENT_LIST_TEXT.producer]] as [Tab, string][]) : []),
  ];
  // The ARIA tabs pattern (arrows, Home, End); what is below the tabs is the selected tab's panel.
  const tabList = useTabs({
    label: EVENT_LIST_TEXT.views,
    idPrefix: 'events',
    ids: tabs.map(([id]) => id),
    selected: tab,
    onSelect: switchTab,
  });

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        {tabs.length > 1 ? (
          <div {...tabList.listProps} className="tabs tabs-box">
            {tabs.map(([id, label]) => (
              <button key={id} {...tabList.tabProps(id)} className={`tab ${tab === id ? 'tab-active' : ''}`}>
                {label}
              </button>
            ))}
          </div>
        ) : (
          <span />
        )}
        <div className="flex flex-wrap gap-2">
          {/* Venue maps (issue 33) are the producer's, for those who manage its events. */}
          {managed.length > 0 && (
            <a href="/admin/mapas" className="btn btn-ghost">
              {VENUE_MAPS_TEXT.link}
            </a>
          )}
          <a href="/nuevo" className="btn btn-primary">
            {EVENT_LIST_TEXT.createEvent}
          </a>
        </div>
      </div>
      <div {...(tabs.length > 1 ? tabList.panelProps(tab) : {})} className="flex flex-col gap-5">
        {tab === 'eventos' && (
          <form
            className="grid items-start gap-3 md:grid-cols-[2fr_1fr_1fr]"
            aria-label={EVENT_LIST_TEXT.filters}
            onSubmit={(e) => {
              e.preventDefault();
              setFilters((f) => ({ ...f, q: query }));
            }}
          >
            {/* Enter searches; a select applies at once (with the text typed so far). */}
            <TextField
              type="search"
              label={EVENT_LIST_TEXT.search}
              placeholder={isSuperAdmin ? EVENT_LIST_TEXT.searchAll : EVENT_LIST_TEXT.search}
              value={query}
              onValue={setQuery}
            />
            {(isSuperAdmin || producers.length > 1) && (
              <SelectField
                label={EVENT_LIST_TEXT.producer}
                value={filters.producer_id}
                onValue={(producer_id) => setFilters((f) => ({ ...f, producer_id, q: query }))}
              >
                <option value="">{EVENT_LIST_TEXT.allProducers}</option>
                {producers.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </SelectField>
            )}
            <SelectField
              label={EVENT_LIST_TEXT.status}
              value={filters.status}
              onValue={(status) => setFilters((f) => ({ ...f, status, q: query }))}
            >
              <option value="">{EVENT_LIST_TEXT.allStatuses}</option>
              {EVENT_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {STATUS_LABEL[s]}
                </option>
              ))}
            </SelectField>
          </form>
        )}
        {list.error && rows && (
          <div role="alert" className="alert alert-error">
            {list.error}
          </div>
        )}
        {tab === 'productora' ? (
          <div className="flex flex-col gap-4">
            {managed.length > 1 && (
              <div className="w-full max-w-md">
                <SelectField
                  label={EVENT_LIST_TEXT.producerToEdit}
                  value={String(profileId ?? '')}
                  onValue={(v) => setProfileId(Number(v))}
                >
                  {managed.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.name}
                    </option>
                  ))}
                </SelectField>
              </div>
            )}
            {(profileId ?? managed[0]?.id) !== undefined && (
              <ProducerForm producerId={(profileId ?? managed[0]?.id)!} provinces={provinces} />
            )}
          </div>
        ) : (
          <LoadState state={rowsState}>
            {(rows) =>
              rows.length === 0 ? (
                <p className="rounded-box border border-dashed border-white/15 p-8 text-center text-base-content/70">
                  {tab === 'revision' ? EVENT_LIST_TEXT.noneInReview : EVENT_LIST_TEXT.noEvents}
                </p>
              ) : (
                <div className="rounded-box sm:overflow-x-auto sm:border sm:border-white/10">
                  <DataTable
                    className="table table-cards"
                    columns={[
                      EVENT_LIST_TEXT.event,
                      EVENT_LIST_TEXT.producer,
                      EVENT_LIST_TEXT.date,
                      EVENT_LIST_TEXT.status,
                      EVENT_LIST_TEXT.sold,
                      { label: EVENT_LIST_TEXT.actions, hidden: true },
                    ]}
                    label={EVENT_LIST_TEXT.events}
                  >
                    {rows.map((row) => (
                      <tr key={row.id} data-event-id={row.id}>
                        <td data-card="title">
                          <p className="font-semibold">{row.title}</p>
                          <p className="text-xs text-base-content/60">{row.category}</p>
                          {row.rejection_reason && row.status === 'borrador' && (
                            <p className="text-xs text-error">
                              {EVENT_LIST_TEXT.rejected} {row.rejection_reason}
                            </p>
                          )}
                        </td>
                        <td data-label={EVENT_LIST_TEXT.producer}>{row.producer_name}</td>
                        <td data-label={EVENT_LIST_TEXT.date} className="whitespace-nowrap">
                          {row.starts_at ? formatEventDate(row.starts_at) : '—'}
                        </td>
                        <td data-label={EVENT_LIST_TEXT.status}>
                          <span className={`badge whitespace-nowrap ${STATUS_BADGE[row.status]}`}>
                            {STATUS_LABEL[row.status]}
                          </span>
                        </td>
                        <td data-label={EVENT_LIST_TEXT.sold}>
                          {row.sold} / {row.capacity}
                        </td>
                        <td data-card="actions">
                          <div className="flex items-center justify-end gap-1">
                            {tab === 'revision' ? (
                              <>
                                <a className="btn btn-sm btn-ghost" href={`/nuevo?id=${row.id}`}>
                                  {EVENT_LIST_TEXT.review}
                                </a>
                                <button
                                  type="button"
                                  className="btn btn-sm btn-success"
                                  onClick={() => setPending({ kind: 'approve', row })}
                                >
                                  {EVENT_LIST_TEXT.approve}
                                </button>
                                <OverflowMenu
                                  label={UI_MSG.moreActions(row.title)}
                                  actions={[
                                    {
                                      label: EVENT_LIST_TEXT.reject,
                                      danger: true,
                                      onSelect: () => setPending({ kind: 'reject', row }),
                                    },
                                  ]}
                                />
                              </>
                            ) : (
                              <RowActions
                                row={row}
                                manage={canManage(row)}
                                run={run}
                                ask={(kind) => setPending({ kind, row })}
                              />
                            )}
                          </div>
                        </td>
                      </tr>
                    ))}
                  </DataTable>
                </div>
              )
            }
          </LoadState>
        )}
      </div>
      {pending && (
        <ConfirmDialog
          key={`${pending.kind}-${pending.row.id}`}
          {...DIALOG[pending.kind](pending.row)}
          onClose={() => setPending(null)}
          onConfirm={(reason) => {
            const { row, kind } = pending;
            const param = { id: String(row.id) };
            if (kind === 'approve') return act(() => unwrap(client.admin.moderation[':id'].approve.$post({ param })));
            if (kind === 'reject')
              return act(() => unwrap(client.admin.moderation[':id'].reject.$post({ param, json: { reason } })));
            if (kind === 'cancel')
              return act(() => unwrap(client.admin.events[':id'].cancel.$post({ param, json: { reason } })));
            return act(() => unwrap(client.admin.events[':id'].$delete({ param })));
          }}
        />
      )}
    </div>
  );
}
