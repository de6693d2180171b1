import { client, unwrap } from '../../../lib/api';
import type { ChangeEmail } from '../../../shared/schemas/accounts';

/** POST /change-email: mails a confirmation link to the new address. */
export const changeEmail = (json: ChangeEmail) => unwrap(client['change-email'].$post({ json }));
