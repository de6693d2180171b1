import { client, unwrap } from '../../../lib/api';
import type { Api, DataOf } from '../../../lib/contract';

export type UserProfile = DataOf<Api['user']['$get']>;

/** GET /user?id=: one user's profile, `{ data, status }`. */
export const getUser = (id: number) => unwrap(client.user.$get({ query: { id: String(id) } }));
