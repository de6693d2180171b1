/** "Faltan 1 h 05 min 09 s": the time left until an instant, for the queue's countdowns. */
export function timeLeft(ms: number): string {
  if (ms <= 0) return 'La venta está abierta';
  const s = Math.floor(ms / 1000);
  const days = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  if (days > 0) return `Faltan ${days} ${days === 1 ? 'día' : 'días'} ${h} h ${pad(m)} min`;
  if (h > 0) return `Faltan ${h} h ${pad(m)} min ${pad(sec)} s`;
  return `Faltan ${m} min ${pad(sec)} s`;
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
