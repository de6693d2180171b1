import { client, unwrap } from '../../../lib/api';
import type { ResetPassword } from '../../../shared/schemas/accounts';

/** POST /reset-password: the new password for the e-mailed recovery token. */
export const resetPassword = (json: ResetPassword) => unwrap(client['reset-password'].$post({ json }));
