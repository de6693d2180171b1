import { api } from '../../../lib/api';

export type Province = { id: number; name: string };
export type Country = { id: number; name: string; provincias: Province[] };

/** GET /locations: the countries (`pais`) with their provinces, for registration and profile. */
export const getLocations = () =>
  api<{ status: boolean; data: { pais: Country[]; provincias: Province[] } }>('/locations');
