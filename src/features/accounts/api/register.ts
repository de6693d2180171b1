import { client, unwrap } from '../../../lib/api';
import type { Register } from '../../../shared/schemas/accounts';

/** POST /register: creates the account and mails the verification link. */
export const register = (json: Register) => unwrap(client.register.$post({ json }));
