import { client, unwrap } from '../../../lib/api';
import type { ChangePendingEmail } from '../../../shared/schemas/accounts';

/** POST /change-pending-email: a never-verified account moves to the right address (its password proves it). */
export const changePendingEmail = (json: ChangePendingEmail) => unwrap(client['change-pending-email'].$post({ json }));
