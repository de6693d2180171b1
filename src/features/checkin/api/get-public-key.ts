import { client, unwrap } from '../../../lib/api';

/** GET /tickets/public-key: the Ed25519 key that signs ticket codes. */
export const getPublicKey = () => unwrap(client.tickets['public-key'].$get());
