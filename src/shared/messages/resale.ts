/**
 * Resale through the waiting list: the seller's and buyer's answers (voseo).
 */

/** Face-value resale: "Devolver a la lista de espera". */
export const RESALE_MSG = {
  action: 'Devolver a la lista de espera',
  listed: 'Devolviste la entrada a la lista de espera. Sigue siendo tuya y válida hasta que alguien la compre.',
  sold: 'Tu entrada se vendió a alguien de la lista de espera: te reembolsamos el pago.',
  withdrawn: 'Retiraste la entrada de la lista de espera.',
  notReturnable: 'Solo podés devolver una entrada válida que compraste y pagaste con Mercado Pago.',
  noWaitlist: 'Esta entrada no tiene lista de espera: no hay nadie esperando.',
  already: 'Esta entrada ya está en la lista de espera.',
  tooLate: 'Ya no se pueden devolver entradas: falta muy poco para el evento.',
  closed: 'La venta de este evento está cerrada.',
  offered: 'Alguien de la lista de espera está comprando tu entrada: ya no podés retirarla.',
  /** The buyer's checkout of an offer whose listing ended (its seller refunded, or went in): before paying. */
  offerWithdrawn:
    'Esta entrada de reventa ya no está disponible: no se cobró nada. Seguís en la lista de espera en tu lugar.',
  refundReason: 'Reventa a valor nominal por la lista de espera',
  listedBadge: 'En la lista de espera',
  offeredBadge: 'Ofrecida a la lista de espera',
  withdraw: 'Retirar de la lista de espera',
  refundedBadge: (amount: string) => `Reembolsada · ${amount}`,
  // The seller's refund after the resale (the ticket is already cancelled: the waiting buyer paid)
  resoldBadge: 'Revendida',
  refundPendingBadge: 'Reembolso en curso',
  refundPendingHint:
    'Tu entrada se revendió. Estamos devolviéndote el dinero: te avisamos por e-mail cuando se acredite.',
  refundFailedBadge: 'Reembolso demorado',
  refundFailedHint:
    'Tu entrada se revendió, pero Mercado Pago no aceptó el reembolso. La productora lo está revisando.',
  refundMissing: 'Ya no encontramos la entrada ni la compra que la pagó.',
  refundUsed:
    'La entrada ingresó al evento mientras estaba en la lista de espera: no se reembolsa sola. Revisala con el vendedor.',
  refundNotCancelled: 'La entrada cambió de manos antes de revenderse: no se reembolsa sola. Revisala con el vendedor.',
  refundUnexpected: 'No pudimos terminar el reembolso. Lo volvemos a intentar en unos minutos.',
  refundNotFound: 'Esa entrada no se revendió en este evento.',
  refundNotFailed: 'Ese reembolso no falló: está hecho o en curso.',
  refundRetried: 'Volvemos a intentar el reembolso de la reventa.',
  listedNoTransfer: 'Esta entrada está en la lista de espera: retirala antes de transferirla.',
  offeredNoTransfer: 'Esta entrada está ofrecida a alguien de la lista de espera: ya no se puede transferir.',
  notFound: 'La entrada no existe.',
  // The holder's confirmation before returning a ticket
  confirmTitle: '¿Devolver la entrada a la lista de espera?',
  confirmText:
    'Tu entrada sigue siendo tuya y válida hasta que alguien de la lista de espera la compre. Si nadie la compra, vuelve a ser solo tuya.',
  refundIfSold: (amount: string) => `Si se revende, te devolvemos ${amount}.`,
  /** What happens, said before confirming (issue 32). */
  whoWaits: (n: number) =>
    n === 1
      ? 'Hay 1 persona esperando esta entrada: se la ofrecemos a ella, con un tiempo limitado para pagarla.'
      : `Hay ${n} personas esperando esta entrada: se la ofrecemos a la primera, con un tiempo limitado para pagarla.`,
  whenSold:
    'Cuando la paguen, tu entrada se anula (ya no entra al evento) y el dinero vuelve al medio de pago con que la compraste. Mientras nadie la esté pagando, podés retirarla.',
  confirmAction: 'Devolver',
  // The producer's policy (Configuración)
  keepTitle: 'Reventa a valor nominal',
  keepLabel: 'Lo que retiene la productora de una entrada revendida (%)',
  keepHint:
    'Porcentaje del precio de la entrada, de 0 a 100, con hasta dos decimales. Al vendedor le devolvemos el resto y el cargo por servicio.',
  keepNumber: 'Escribí un porcentaje entre 0 y 100, por ejemplo 10 o 12,5.',
  keepRange: 'El porcentaje que retenés va de 0 a 100.',
  keepDecimals: 'Usá como máximo dos decimales.',
} as const;
