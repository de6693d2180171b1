/**
 * Cancelling an event refunds its buyers (issue 20): the API's answers, the progress the back office shows
 * (Finanzas) and the refunds' audit reason. Voseo; amounts come formatted by src/shared/money.ts.
 */
export const CANCELLATION_MSG = {
  already: 'El evento ya está cancelado o finalizado',
  notCancelled: 'Ese evento no fue cancelado.',
  /** The cancel request's answer: the buyers are refunded in the background. */
  cancelled: (orders: number) =>
    orders === 0
      ? 'Evento cancelado. No había compras para reembolsar.'
      : `Evento cancelado. Estamos reembolsando ${orders === 1 ? '1 compra' : `${orders} compras`}: seguí el avance en Finanzas.`,
  retried: 'Volvemos a intentar los reembolsos que fallaron.',
  auditReason: 'Evento cancelado',
  orderMissing: 'La orden ya no existe.',
  raced: 'Otro reembolso de esta orden estaba en curso; lo volvemos a intentar.',
  unexpected: 'No pudimos reembolsar esta orden todavía; lo volvemos a intentar.',
  // The back office (Finanzas → Cancelaciones).
  heading: 'Reembolsos por cancelación',
  progress: (done: number, total: number) => `Reembolsadas ${done} de ${total} compras`,
  finished: 'Completado',
  running: 'En curso',
  withFailures: 'Con fallas',
  cash: (orders: number, amount: string) =>
    `${orders === 1 ? '1 venta' : `${orders} ventas`} en efectivo (${amount}): el reembolso se entrega en la boletería.`,
  event: 'Evento',
  progressColumn: 'Avance',
  refundedColumn: 'Devuelto',
  cashColumn: 'Efectivo',
  noCash: 'Sin ventas en efectivo',
  actions: 'Acciones',
  problemsHeading: 'Compras sin reembolsar todavía',
  failedRow: 'Falló',
  pendingRow: 'Pendiente',
  retry: 'Reintentar',
  retryLabel: (title: string) => `Reintentar los reembolsos de ${title}`,
  order: 'Orden',
  buyer: 'Comprador',
  amount: 'Importe',
  status: 'Estado',
  problem: 'Motivo',
} as const;

/** Finanzas → the resold tickets whose seller's refund failed or waits on MercadoPago (issue 22). */
export const RESALE_REFUNDS_MSG = {
  heading: 'Reembolsos de reventas',
  intro:
    'Entradas revendidas por la lista de espera: la entrada vieja ya está anulada, pero el dinero del vendedor todavía no volvió.',
  ticket: 'Entrada',
  event: 'Evento',
  seller: 'Vendedor',
  amount: 'A devolver',
  status: 'Estado',
  problem: 'Motivo',
  actions: 'Acciones',
  failedRow: 'Falló',
  pendingRow: 'Pendiente',
  retry: 'Reintentar',
  retryLabel: (ticket: string) => `Reintentar el reembolso de la entrada ${ticket}`,
} as const;
