import { client, unwrap } from '../../../lib/api';
import type { Api, DataOf } from '../../../lib/contract';

type Locations = DataOf<Api['locations']['$get']>;
export type Province = Locations['provincias'][number];
export type Country = Locations['pais'][number];

/** GET /locations: the countries (`pais`) with their provinces, for registration and profile. */
export const getLocations = () => unwrap(client.locations.$get());
