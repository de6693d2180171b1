import { client, unwrap } from '../../../lib/api';
import type { SecurePasswordChange } from '../../../shared/schemas/accounts';

/**
 * PUT /password, secure variant: current password plus the new one twice. The route tells its variants
 * apart by their fields, so the body goes as is.
 */
export const changePassword = (input: SecurePasswordChange) =>
  unwrap(
    client.password.$put(
      {},
      { init: { body: JSON.stringify(input), headers: { 'content-type': 'application/json' } } },
    ),
  );
