import { asBuyer } from './actors';

/** What a box-office sale sells: `quantity` (1) tickets of the event's type, for `method` ('cash'), to `buyer`. */
export type BoxOfficeSale = {
  event_id: number;
  ticket_type_id: number;
  quantity?: number;
  method?: string;
  buyer?: Record<string, string>;
};

/** A box-office sale (POST /admin/box-office/sales) as `seller`: the raw answer, for the test to read. */
export function sellAtBoxOffice(seller: { auth: Record<string, string> }, sale: BoxOfficeSale) {
  return asBuyer(seller, '/admin/box-office/sales', {
    method: 'POST',
    json: {
      event_id: sale.event_id,
      items: [{ ticket_type_id: sale.ticket_type_id, quantity: sale.quantity ?? 1 }],
      method: sale.method ?? 'cash',
      buyer: sale.buyer,
    },
  });
}
