import { client, unwrap } from '../../../lib/api';
import type { ProfileUpdate } from '../../../shared/schemas/accounts';

/** PUT /user: the profile fields; answers `{ status, message }`. */
export const updateUser = (json: ProfileUpdate) => unwrap(client.user.$put({ json }));
