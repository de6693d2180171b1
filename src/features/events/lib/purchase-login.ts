import { $afterLogin, openLogin } from '../../../stores/navigation';
import { $session, restoreSession } from '../../../stores/session';

/** The query parameter that brings a visitor's selection back to the event page (`?seleccion=12:2,13:1`). */
export const SELECTION_PARAM = 'seleccion';

/**
 * A visitor's "Comprar" (issue 20): instead of leaving for the login page and a confirmation step, the
 * login dialog opens on the event page itself and, once logged in, the same selection form is posted to
 * the checkout. Someone who registers instead (and verifies by e-mail) comes back to the event page with
 * the selection restored. Answers false when the buyer is already logged in (the form posts as usual).
 */
export function openPurchaseLogin(form: HTMLFormElement): boolean {
  restoreSession();
  if ($session.get().user) return false;
  // `form.submit()` does not fire 'submit' again, and the POST carries the buyer's fresh cookies.
  $afterLogin.set(() => form.submit());
  const data = new FormData(form);
  const query: Record<string, string> = {};
  const items = data.get('items');
  if (typeof items === 'string' && items) query[SELECTION_PARAM] = items;
  // A promo code from the page's link (`?codigo=`) comes back with the selection.
  const code = data.get('codigo');
  if (typeof code === 'string' && code) query.codigo = code;
  openLogin({ name: 'path', params: { path: location.pathname }, query });
  return true;
}

/** The selection a visitor left before logging in (`?seleccion=`), as type id → quantity. */
export function rememberedSelection(url: URL): Map<number, number> {
  const selection = new Map<number, number>();
  for (const part of (url.searchParams.get(SELECTION_PARAM) ?? '').split(',')) {
    const [id, qty] = part.split(':').map(Number);
    if (Number.isInteger(id) && Number.isInteger(qty) && id > 0 && qty > 0) selection.set(id, qty);
  }
  return selection;
}
