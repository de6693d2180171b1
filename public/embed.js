/*
 * Boletería's embeddable checkout (issue 34; docs/api.md "Embeddable checkout"). On any site:
 *   <script src="https://<boleteria>/embed.js" data-event="123" async></script>
 * puts the event's ticket selector right after the tag, in an iframe that grows with its content. "Comprar"
 * opens the purchase (login, MercadoPago) in a window of its own, at the top level; once the order is paid the
 * host page receives a `boleteria:order_completed` DOM event (detail: { orderId, eventId }), dispatched on the
 * iframe and bubbling to the document. Messages are only taken from the iframe itself, from Boletería's origin.
 */
(() => {
  const script = document.currentScript;
  if (!script?.src) return;
  const origin = new URL(script.src).origin;
  const eventId = script.dataset.event || '';
  if (!/^\d{1,12}$/.test(eventId)) return;
  const frame = document.createElement('iframe');
  frame.src = `${origin}/embed/eventos/${eventId}?origen=${encodeURIComponent(location.origin)}`;
  frame.title = script.dataset.title || 'Entradas';
  frame.style.cssText = 'display:block;width:100%;max-width:640px;height:420px;border:0;border-radius:12px';
  script.parentNode.insertBefore(frame, script.nextSibling);

  window.addEventListener('message', (event) => {
    if (event.origin !== origin || event.source !== frame.contentWindow) return;
    const data = event.data;
    if (!data || typeof data !== 'object') return;
    if (data.type === 'boleteria:resize' && Number.isFinite(data.height)) {
      frame.style.height = `${Math.max(120, Math.min(Math.ceil(data.height), 4000))}px`;
    } else if (data.type === 'boleteria:order_completed' && typeof data.orderId === 'string') {
      const detail = { orderId: data.orderId, eventId: Number(eventId) };
      frame.dispatchEvent(new CustomEvent('boleteria:order_completed', { bubbles: true, detail }));
    }
  });
})();
