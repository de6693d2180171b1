import { client, unwrap } from '../../../lib/api';
import { QUEUE_PAGE_TEXT } from '../../../shared/messages/queue';

/**
 * The wait page's live part: one cheap call every few seconds (GET /queues/:id/me, answered by the queue
 * object alone). Numbers change in place; a change of phase (the draw, the turn, the closing) reloads the
 * page, which the server renders for that phase (with the ticket selector and the pass once admitted).
 */
export function startWaitPolling() {
  const box = document.querySelector<HTMLElement>('[data-wait]');
  if (!box) return;
  const id = box.dataset.wait ?? '';
  const set = (field: string, text: string) => {
    const node = box.querySelector<HTMLElement>(`[data-field="${field}"]`);
    if (node && node.textContent !== text) node.textContent = text;
  };
  const poll = async () => {
    try {
      const { data } = await unwrap(client.queues[':id'].me.$get({ param: { id } }));
      const phaseChanged =
        data.state !== box.dataset.state ||
        String(data.position ?? '') !== (box.dataset.position ?? '') ||
        (data.admitted ? '1' : '') !== (box.dataset.admitted ?? '') ||
        (data.joined ? '1' : '') !== (box.dataset.joined ?? '');
      if (phaseChanged) {
        window.location.reload();
        return;
      }
      if (data.ahead !== null) set('ahead', String(data.ahead));
      if (data.estimate_seconds !== null && data.state === 'open')
        set('estimate', QUEUE_PAGE_TEXT.minutes(Math.max(1, Math.round(data.estimate_seconds / 60))));
    } catch {
      // A failed poll changes nothing: the next one tries again.
    }
    if (box.dataset.state !== 'closed' && box.dataset.admitted !== '1') setTimeout(poll, 2000 + Math.random() * 1000);
  };
  setTimeout(poll, 2000);
}
