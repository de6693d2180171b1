import { client, unwrap } from '../../../lib/api';
import type { ConsentUpdate, DeletionRequest } from '../../../shared/schemas/accounts';

/** PUT /user/consents: Perfil's promotions switch. */
export const setConsents = (json: ConsentUpdate) => unwrap(client.user.consents.$put({ json }));

/** POST /user/deletion: the account deletion request (a second one answers the first's state). */
export const requestDeletion = (json: DeletionRequest) => unwrap(client.user.deletion.$post({ json }));
