import type { Api } from '../../../lib/contract';
import { unwrap } from '../../../shared/provider-result';
import type { Province } from '../types';

/** The provinces, for the catalogue's province filter. */
export async function provinces(api: Api): Promise<Province[]> {
  return (await unwrap(api.locations.$get())).data.provincias;
}
