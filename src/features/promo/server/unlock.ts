import type { Api, DataOf } from '../../../lib/contract';
import { PROMO_MSG } from '../../../shared/messages/promo';
import { ApiError, unwrap } from '../../../shared/provider-result';
import { PromoCodeInputSchema } from '../../../shared/schemas/checkout';

export type Unlocked = DataOf<Api['events'][':id']['unlock']['$get']>;
export type UnlockedType = Unlocked['dates'][number]['ticket_types'][number];

/**
 * "¿Tenés un código?" on the event page: what the code typed or carried in `?codigo=` unlocks, asked of the
 * provider (`GET /events/:id/unlock`). `code` is the code to carry to the checkout (only a valid one);
 * `error` the Spanish message for the field.
 */
export type CodeOnPage = { typed: string; code?: string; unlocked?: Unlocked; error?: string };

export async function codeOnPage(publicApi: Api, eventId: number, raw: string | null): Promise<CodeOnPage | null> {
  const typed = (raw ?? '').trim();
  if (!typed) return null;
  const parsed = PromoCodeInputSchema.safeParse(typed);
  if (!parsed.success) return { typed, error: parsed.error.issues[0]?.message ?? PROMO_MSG.codeFormat };
  try {
    const answer = await unwrap(
      publicApi.events[':id'].unlock.$get({ param: { id: String(eventId) }, query: { codigo: parsed.data } }),
    );
    return { typed: parsed.data, code: answer.data.code, unlocked: answer.data };
  } catch (error) {
    if (error instanceof ApiError && error.status < 500)
      return { typed: parsed.data, error: error.errors?.codigo?.[0] ?? error.message };
    console.error('Access code lookup of the event page', error);
    // The provider did not answer: the code still goes to the checkout, which checks it again.
    return { typed: parsed.data, code: parsed.data };
  }
}

/** The page's dates with the unlocked types added to theirs (marked), the public ones first. */
export function withUnlocked<D extends { id: number; ticket_types: object[] }>(
  dates: D[],
  unlocked: Unlocked | undefined,
): D[] {
  if (!unlocked) return dates;
  return dates.map((d) => {
    const extra = unlocked.dates.find((u) => u.id === d.id)?.ticket_types ?? [];
    return extra.length > 0 ? { ...d, ticket_types: [...d.ticket_types, ...extra] } : d;
  });
}

export const unlockedIds = (unlocked: Unlocked | undefined) =>
  new Set(unlocked?.dates.flatMap((d) => d.ticket_types.map((t) => t.id)) ?? []);
