import { formatMoney } from './money';

/**
 * Spanish texts (voseo) of the buyer's pages and the back office's shared UI kit (issue 20): fees shown up
 * front, dialogs, the events list, collaborators, phone cards and transfers.
 */
export const UI_MSG = {
  // Fees up front (event page)
  ticketTotal: (totalCents: number, feeCents: number) =>
    feeCents > 0
      ? `Total ${formatMoney(totalCents)} (incluye ${formatMoney(feeCents)} de cargo por servicio)`
      : `Total ${formatMoney(totalCents)}`,
  selectionFee: (feeCents: number) => `Incluye ${formatMoney(feeCents)} de cargo por servicio`,
  loginToBuy: 'Ingresá o registrate para comprar: tu selección queda guardada.',

  // UI kit
  confirm: 'Confirmar',
  cancel: 'Cancelar',
  close: 'Cerrar',
  loading: 'Cargando…',
  retry: 'Reintentar',
  loadFailed: 'No pudimos cargar los datos.',
  reasonLabel: 'Motivo',
  reasonRequired: 'Escribí el motivo.',
  moreActions: (name: string) => `Más acciones de ${name}`,
} as const;
