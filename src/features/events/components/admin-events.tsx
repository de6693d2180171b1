import { useCallback, useEffect, useState } from 'react';
import { client, messageOf, unwrap } from '../../../lib/api';
import { formatEventDate } from '../../../shared/dates';
import { EVENT_STATUSES, type EventStatus, STATUS_LABEL } from '../../../shared/schemas/event';
import { toast } from '../../../stores/toast';
import ProducerForm from '../../producers/components/producer-form';
import type { ManagedEvent, MyProducer, Province } from '../types';
import { ReasonDialog } from './reason-dialog';

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
  const [rows, setRows] = useState<Row[] | null>(null);
  const [producers, setProducers] = useState<Producer[]>([]);
  const [filters, setFilters] = useState({ producer_id: '', status: '', q: '' });
  const [pending, setPending] = useState<Pending>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    setError(null);
    try {
      if (tab === 'productora') {
        const r = await unwrap(client.admin.producers.$get());
        setProducers(r.data);
        setProfileId((id) => id ?? r.data.find((p) => p.role !== 'COLABORATORS')?.id);
        return;
      }
      if (tab === 'revision') {
        setRows((await unwrap(client.admin.moderation.$get())).data);
        return;
      }
      const query = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== ''));
      const r = await unwrap(client.admin.events.$get({ query }));
      setRows(r.data);
      setProducers(r.producers);
      setProfileId((id) => id ?? r.producers.find((p) => p.role !== 'COLABORATORS')?.id);
    } catch (e) {
      setError(messageOf(e));
      setRows([]);
    }
  }, [tab, filters]);

  useEffect(() => {
    load();
  }, [load]);

  const canManage = (row: Row) => isSuperAdmin || producers.some((p) => p.id === row.producer_id && p.role === 'ADMIN');

  async function act(call: () => Promise<object>) {
    try {
      const r = await call();
      toast('success', 'message' in r && typeof r.message === 'string' ? r.message : 'Listo');
      await load();
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
    if (next !== 'productora') setRows(null);
    setTab(next);
    history.replaceState(null, '', next === 'eventos' ? '/admin/events' : `/admin/events?tab=${next}`);
  };
  const managed = producers.filter((p) => p.role === 'ADMIN' || p.role === 'SUPERADMIN');
  const tabs: [Tab, string][] = [
    ['eventos', 'Eventos'],
    ...(isSuperAdmin ? ([['revision', 'En revisión']] as [Tab, string][]) : []),
    ...(managed.length > 0 ? ([['productora', 'Productora']] as [Tab, string][]) : []),
  ];

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        {tabs.length > 1 ? (
          <div role="tablist" className="tabs tabs-box">
            {tabs.map(([id, label]) => (
              <button
                key={id}
                type="button"
                role="tab"
                aria-selected={tab === id}
                className={`tab ${tab === id ? 'tab-active' : ''}`}
                onClick={() => switchTab(id)}
              >
                {label}
              </button>
            ))}
          </div>
        ) : (
          <span />
        )}
        <a href="/nuevo" className="btn btn-primary">
          Crear evento
        </a>
      </div>
      {tab === 'eventos' && (
        <form
          className="grid gap-3 md:grid-cols-[2fr_1fr_1fr]"
          aria-label="Filtrar eventos"
          onSubmit={(e) => {
            e.preventDefault();
            const data = new FormData(e.currentTarget);
            setFilters({
              producer_id: String(data.get('producer_id') ?? ''),
              status: String(data.get('status') ?? ''),
              q: String(data.get('q') ?? ''),
            });
          }}
        >
          <input
            name="q"
            type="search"
            className="input w-full"
            placeholder={isSuperAdmin ? 'Buscar en todos los clientes' : 'Buscar eventos'}
            aria-label="Buscar eventos"
            defaultValue={filters.q}
          />
          {(isSuperAdmin || producers.length > 1) && (
            <select
              name="producer_id"
              className="select w-full"
              aria-label="Productora"
              defaultValue={filters.producer_id}
              onChange={(e) => e.currentTarget.form?.requestSubmit()}
            >
              <option value="">Todas las productoras</option>
              {producers.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          )}
          <select
            name="status"
            className="select w-full"
            aria-label="Estado"
            defaultValue={filters.status}
            onChange={(e) => e.currentTarget.form?.requestSubmit()}
          >
            <option value="">Todos los estados</option>
            {EVENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABEL[s]}
              </option>
            ))}
          </select>
        </form>
      )}
      {error && (
        <div role="alert" className="alert alert-error">
          {error}
        </div>
      )}
      {tab === 'productora' ? (
        <div className="flex flex-col gap-4">
          {managed.length > 1 && (
            <select
              className="select w-full max-w-md"
              aria-label="Productora a editar"
              value={profileId}
              onChange={(e) => setProfileId(Number(e.target.value))}
            >
              {managed.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          )}
          {(profileId ?? managed[0]?.id) !== undefined && (
            <ProducerForm producerId={(profileId ?? managed[0]?.id)!} provinces={provinces} />
          )}
        </div>
      ) : rows === null ? (
        <span className="loading loading-spinner" role="status" aria-label="Cargando" />
      ) : rows.length === 0 ? (
        <p className="rounded-box border border-dashed border-white/15 p-8 text-center text-base-content/70">
          {tab === 'revision' ? 'No hay eventos esperando revisión.' : 'Todavía no hay eventos. Creá el primero.'}
        </p>
      ) : (
        <div className="overflow-x-auto rounded-box border border-white/10">
          <table className="table">
            <thead>
              <tr>
                <th>Evento</th>
                <th>Productora</th>
                <th>Fecha</th>
                <th>Estado</th>
                <th>Vendidas</th>
                <th>
                  <span className="sr-only">Acciones</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} data-event-id={row.id}>
                  <td>
                    <p className="font-semibold">{row.title}</p>
                    <p className="text-xs text-base-content/60">{row.category}</p>
                    {row.rejection_reason && row.status === 'borrador' && (
                      <p className="text-xs text-error">Rechazado: {row.rejection_reason}</p>
                    )}
                  </td>
                  <td>{row.producer_name}</td>
                  <td className="whitespace-nowrap">{row.starts_at ? formatEventDate(row.starts_at) : '—'}</td>
                  <td>
                    <span className={`badge whitespace-nowrap ${STATUS_BADGE[row.status]}`}>
                      {STATUS_LABEL[row.status]}
                    </span>
                  </td>
                  <td>
                    {row.sold} / {row.capacity}
                  </td>
                  <td>
                    <div className="flex flex-wrap justify-end gap-1">
                      {tab === 'revision' ? (
                        <>
                          <a className="btn btn-xs btn-ghost" href={`/nuevo?id=${row.id}`}>
                            Revisar
                          </a>
                          <button
                            type="button"
                            className="btn btn-xs btn-success"
                            onClick={() => setPending({ kind: 'approve', row })}
                          >
                            Aprobar
                          </button>
                          <button
                            type="button"
                            className="btn btn-xs btn-error"
                            onClick={() => setPending({ kind: 'reject', row })}
                          >
                            Rechazar
                          </button>
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
            </tbody>
          </table>
        </div>
      )}
      {pending && (
        <ReasonDialog
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

const DIALOG = {
  approve: (row: Row) => ({
    title: 'Aprobar evento',
    text: `"${row.title}" se publicará y la productora recibirá un correo.`,
    confirmLabel: 'Aprobar',
  }),
  reject: (row: Row) => ({
    title: 'Rechazar evento',
    text: `"${row.title}" vuelve a borrador. La productora recibirá el motivo por correo.`,
    reasonLabel: 'Motivo del rechazo',
    confirmLabel: 'Rechazar',
  }),
  cancel: (row: Row) => ({
    title: 'Cancelar evento',
    text: `Se cancelará "${row.title}" y se avisará por correo a quienes compraron entradas.`,
    reasonLabel: 'Motivo (se incluye en el aviso)',
    confirmLabel: 'Cancelar evento',
  }),
  delete: (row: Row) => ({
    title: 'Eliminar evento',
    text: `Se eliminará "${row.title}". Esta acción no se puede deshacer.`,
    confirmLabel: 'Eliminar',
  }),
};

function RowActions({
  row,
  manage,
  run,
  ask,
}: {
  row: Row;
  manage: boolean;
  run: (call: () => Promise<object>) => Promise<void>;
  ask: (kind: 'cancel' | 'delete') => void;
}) {
  const view = row.status === 'publicado' || row.status === 'cancelado' || row.status === 'finalizado';
  return (
    <>
      {view && (
        <a className="btn btn-xs btn-ghost" href={`/eventos/${row.id}`}>
          Ver
        </a>
      )}
      {manage && row.status !== 'cancelado' && (
        <a className="btn btn-xs btn-ghost" href={`/nuevo?id=${row.id}`}>
          Editar
        </a>
      )}
      {manage && row.status === 'publicado' && (
        <a className="btn btn-xs btn-ghost" href={`/admin/fila/${row.id}`}>
          Venta con fila
        </a>
      )}
      {manage && (
        <button
          type="button"
          className="btn btn-xs btn-ghost"
          onClick={() =>
            run(() => unwrap(client.admin.events[':id'].duplicate.$post({ param: { id: String(row.id) } })))
          }
        >
          Duplicar
        </button>
      )}
      {manage && row.status === 'borrador' && (
        <button
          type="button"
          className="btn btn-xs btn-primary"
          onClick={() => run(() => unwrap(client.admin.events[':id'].publish.$post({ param: { id: String(row.id) } })))}
        >
          Publicar
        </button>
      )}
      {manage && (row.status === 'publicado' || row.status === 'en_revision') && (
        <button
          type="button"
          className="btn btn-xs btn-ghost"
          onClick={() =>
            run(() => unwrap(client.admin.events[':id'].unpublish.$post({ param: { id: String(row.id) } })))
          }
        >
          Despublicar
        </button>
      )}
      {manage && row.status !== 'cancelado' && row.status !== 'finalizado' && (
        <button type="button" className="btn btn-xs btn-warning" onClick={() => ask('cancel')}>
          Cancelar
        </button>
      )}
      {manage && row.sold === 0 && (
        <button type="button" className="btn btn-xs btn-error" onClick={() => ask('delete')}>
          Eliminar
        </button>
      )}
    </>
  );
}
