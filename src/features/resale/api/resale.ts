import { client, unwrap } from '../../../lib/api';

const param = (id: string) => ({ param: { id } });

/** POST /tickets/:id/resale: "Devolver a la lista de espera". */
export const returnToWaitlist = (id: string) => unwrap(client.tickets[':id'].resale.$post(param(id)));

/** GET /tickets/:id/resale: listed, offered, sold, withdrawn or null. */
export const resaleStatus = (id: string) => unwrap(client.tickets[':id'].resale.$get(param(id)));

/** DELETE /tickets/:id/resale: takes a listed return back. */
export const withdrawReturn = (id: string) => unwrap(client.tickets[':id'].resale.$delete(param(id)));
