import { client, unwrap } from '../../../lib/api';
import type { ChangeEmail } from '../../../shared/schemas/accounts';

/** POST /resend-change-email: sends the confirmation link for the pending new address again. */
export const resendChangeEmail = (json: ChangeEmail) => unwrap(client['resend-change-email'].$post({ json }));
