import { EMBED_TEXT } from '../../shared/messages/integrations';

/**
 * The embedded ticket selector's side of the embed (public/embed.js is the host's): it tells the host page its
 * height, and relays `boleteria:order_completed` once the purchase window it opened (an opener of Boletería's
 * own origin, see notify-opener.ts) says the order is paid. Messages go only to the host's origin: the one the
 * browser names (`location.ancestorOrigins`) or, where there is none, the loader's `?origen=` (a wrong one is
 * simply not delivered by the browser).
 */
function hostOrigin(): string | null {
  const named = (location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins?.[0];
  if (named) return named;
  try {
    return new URL(new URL(location.href).searchParams.get('origen') ?? '').origin;
  } catch {
    return null;
  }
}

const host = window.parent !== window ? hostOrigin() : null;
const tell = (message: Record<string, unknown>) => {
  if (host && host !== 'null') window.parent.postMessage(message, host);
};

let last = 0;
new ResizeObserver(() => {
  const height = document.documentElement.scrollHeight;
  if (height === last) return;
  last = height;
  tell({ type: 'boleteria:resize', height });
}).observe(document.body);

window.addEventListener('message', (event) => {
  if (event.origin !== location.origin) return;
  const data = event.data as { type?: unknown; orderId?: unknown } | null;
  if (data?.type !== 'boleteria:order_completed' || typeof data.orderId !== 'string') return;
  const done = document.querySelector<HTMLElement>('[data-embed-done]');
  if (done) {
    done.textContent = EMBED_TEXT.paid;
    done.hidden = false;
  }
  tell({ type: 'boleteria:order_completed', orderId: data.orderId });
});
