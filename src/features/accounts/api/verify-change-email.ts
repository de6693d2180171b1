import { client, unwrap } from '../../../lib/api';

/** GET /verify-change-email?token=: confirms the new address from the e-mailed link. */
export const verifyChangeEmail = (token: string) => unwrap(client['verify-change-email'].$get({ query: { token } }));
