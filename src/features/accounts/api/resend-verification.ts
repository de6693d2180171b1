import { client, unwrap } from '../../../lib/api';
import type { Restore } from '../../../shared/schemas/accounts';

/** POST /resend-verification: mails the verification link again to an account still waiting for it. */
export const resendVerification = (json: Restore) => unwrap(client['resend-verification'].$post({ json }));
