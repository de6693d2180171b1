import type { Api } from '../../../lib/contract';
import { unwrap } from '../../../shared/provider-result';

type Producer = { id: number; name: string };

/**
 * The producers the person administers (role ADMIN or SUPERADMIN there) and the one the page shows: the
 * `?productora=` asked for when it is one of them, else the first. Configuración, Integraciones, Webhooks and
 * Actividad all pick the producer this way (components/layout/ProducerPicker.astro draws the picker).
 */
export async function administeredProducers(
  api: Api,
  url: URL,
): Promise<{ producers: Producer[]; current: Producer | null }> {
  const producers = (await unwrap(api.admin.producers.$get())).data.filter(
    (p) => p.role === 'ADMIN' || p.role === 'SUPERADMIN',
  );
  const requested = Number(url.searchParams.get('productora'));
  return { producers, current: producers.find((p) => p.id === requested) ?? producers[0] ?? null };
}
