import { client, unwrap } from '../../../lib/api';
import type { Restore } from '../../../shared/schemas/accounts';

/** POST /restore-password: mails a recovery link (same answer for unknown addresses). */
export const restorePassword = (json: Restore) => unwrap(client['restore-password'].$post({ json }));
