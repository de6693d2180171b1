/** Payments taken at the ticket office are ours, not MercadoPago's: their ids carry this prefix. */
export const BOX_OFFICE_PAYMENT_PREFIX = 'boleteria:';

export const isBoxOfficePayment = (paymentId: string) => paymentId.startsWith(BOX_OFFICE_PAYMENT_PREFIX);
