import { client, unwrap } from '../../../lib/api';

/** GET /admin/producers: the producers the caller belongs to, with their role in each. */
export const getMyProducers = async () => (await unwrap(client.admin.producers.$get())).data;
