import { QUEUE_PAGE_TEXT } from '../../../shared/messages/queue';

/** "Faltan 1 h 05 min 09 s": the time left until an instant, for the queue's countdowns. */
export function timeLeft(ms: number): string {
  if (ms <= 0) return QUEUE_PAGE_TEXT.saleOpen;
  const s = Math.floor(ms / 1000);
  const days = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  return QUEUE_PAGE_TEXT.timeLeft(days, h, m, sec);
}

/** Ticks every `[data-countdown]` element (its value is the ISO instant) once a second. */
export function startCountdowns() {
  const nodes = [...document.querySelectorAll<HTMLElement>('[data-countdown]')];
  if (nodes.length === 0) return;
  const tick = () => {
    for (const node of nodes)
      node.textContent = timeLeft(new Date(node.dataset.countdown ?? '').getTime() - Date.now());
  };
  tick();
  setInterval(tick, 1000);
}
