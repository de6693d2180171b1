import { client, unwrap } from '../../../lib/api';

/** GET /admin/venues: the venues the caller's producers used before. */
export const getVenues = async () => (await unwrap(client.admin.venues.$get())).data;
