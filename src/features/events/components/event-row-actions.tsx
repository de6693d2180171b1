import { type MenuAction, OverflowMenu } from '../../../components/ui/overflow-menu';
import { client, unwrap } from '../../../lib/api';
import { UI_MSG } from '../../../shared/messages/common';
import { EVENT_LIST_TEXT, EVENTS_MSG } from '../../../shared/messages/events';
import { PROMO_ADMIN_MSG } from '../../../shared/messages/promo';
import { EVENT_SEATING_TEXT } from '../../../shared/messages/venue-maps';
import type { ManagedEvent } from '../types';

/** A row of GET /admin/events, as the API types it. */
type Row = ManagedEvent;

/** The confirmation each of a row's guarded actions asks for. */
export const DIALOG = {
  approve: (row: Row) => ({
    title: EVENT_LIST_TEXT.approveTitle,
    text: EVENT_LIST_TEXT.approveText(row.title),
    confirmLabel: EVENT_LIST_TEXT.approve,
  }),
  reject: (row: Row) => ({
    title: EVENT_LIST_TEXT.rejectTitle,
    text: EVENT_LIST_TEXT.rejectText(row.title),
    reasonLabel: EVENT_LIST_TEXT.rejectReason,
    tone: 'danger' as const,
    confirmLabel: EVENT_LIST_TEXT.reject,
  }),
  cancel: (row: Row) => ({
    title: 'Cancelar evento',
    text: EVENTS_MSG.cancelText(row.title, row.sold),
    reasonLabel: 'Motivo (se incluye en el aviso)',
    reasonRequired: true,
    tone: 'danger' as const,
    confirmLabel: 'Cancelar evento',
  }),
  delete: (row: Row) => ({
    title: EVENT_LIST_TEXT.deleteTitle,
    text: EVENT_LIST_TEXT.deleteText(row.title),
    tone: 'danger' as const,
    confirmLabel: EVENT_LIST_TEXT.delete,
  }),
};

/**
 * A row's actions by the event's state: one main action in view (Publicar a draft, Ver what is public,
 * Editar the rest), everything else in the "⋯" menu with the destructive ones last and in red. Only what
 * the API would allow in that state is offered (an event "En revisión" cannot be unpublished).
 */
export function RowActions({
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
  const param = { id: String(row.id) };
  const isPublic = row.status === 'publicado' || row.status === 'cancelado' || row.status === 'finalizado';
  const actions: (MenuAction & { main?: boolean })[] = [];
  if (manage && row.status === 'borrador')
    actions.push({
      label: EVENT_LIST_TEXT.publish,
      main: true,
      onSelect: () => run(() => unwrap(client.admin.events[':id'].publish.$post({ param }))),
    });
  if (isPublic)
    actions.push({
      label: EVENT_LIST_TEXT.view,
      href: `/eventos/${row.id}`,
      main: row.status !== 'publicado' || !manage,
    });
  if (manage && row.status !== 'cancelado' && row.status !== 'finalizado')
    actions.push({
      label: EVENT_LIST_TEXT.edit,
      href: `/nuevo?id=${row.id}`,
      main: row.status === 'publicado' || row.status === 'en_revision',
    });
  if (manage && row.status === 'publicado')
    actions.push({ label: EVENT_LIST_TEXT.queue, href: `/admin/fila/${row.id}` });
  if (manage && row.status !== 'cancelado')
    actions.push({ label: PROMO_ADMIN_MSG.link, href: `/admin/codigos/${row.id}` });
  if (manage && row.status !== 'cancelado' && row.status !== 'finalizado')
    actions.push({ label: EVENT_SEATING_TEXT.link, href: `/admin/butacas/${row.id}` });
  if (manage)
    actions.push({
      label: EVENT_LIST_TEXT.duplicate,
      onSelect: () => run(() => unwrap(client.admin.events[':id'].duplicate.$post({ param }))),
    });
  if (manage && row.status === 'publicado')
    actions.push({
      label: EVENT_LIST_TEXT.unpublish,
      onSelect: () => run(() => unwrap(client.admin.events[':id'].unpublish.$post({ param }))),
    });
  if (manage && row.status !== 'cancelado' && row.status !== 'finalizado')
    actions.push({ label: 'Cancelar evento', danger: true, onSelect: () => ask('cancel') });
  if (manage && row.sold === 0)
    actions.push({ label: EVENT_LIST_TEXT.delete, danger: true, onSelect: () => ask('delete') });
  const main = actions.find((a) => a.main);
  return (
    <>
      {main &&
        (main.href ? (
          <a className="btn btn-sm btn-ghost" href={main.href}>
            {main.label}
          </a>
        ) : (
          <button type="button" className="btn btn-sm btn-primary" onClick={main.onSelect}>
            {main.label}
          </button>
        ))}
      <OverflowMenu label={UI_MSG.moreActions(row.title)} actions={actions.filter((a) => a !== main)} />
    </>
  );
}
