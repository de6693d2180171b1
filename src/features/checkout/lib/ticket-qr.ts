import { TICKET_CARD_TEXT, TICKET_QR_TEXT } from '../../../shared/messages/checkout';

/**
 * Mis tickets: a tap on a ticket's QR (`[data-qr-open]`, TicketCard.astro) opens it full screen in the page's
 * `#qr-grande` dialog (TicketQrDialog.astro) with the event, date and holder. The page asks the browser for full
 * screen and to keep the screen awake; both are optional (refused or missing, the dialog still fills the view).
 */
const dialog = document.querySelector<HTMLDialogElement>('dialog#qr-grande');
let awake: { release: () => Promise<void> } | null = null;

function fill(name: string, text: string) {
  const node = dialog?.querySelector<HTMLElement>(`[data-qr-${name}]`);
  if (node) node.textContent = text;
}

document.addEventListener('click', (event) => {
  const opener = (event.target as Element).closest<HTMLElement>('[data-qr-open]');
  if (!opener || !dialog) return;
  const code = dialog.querySelector('[data-qr-code]');
  const svg = opener.querySelector('svg');
  if (code && svg) code.replaceChildren(svg.cloneNode(true));
  fill('event', opener.dataset.event ?? '');
  fill('when', opener.dataset.when ?? '');
  fill('holder', TICKET_QR_TEXT.holder(opener.dataset.holder ?? '—'));
  fill('type', opener.dataset.type ?? '');
  fill('door-code', TICKET_CARD_TEXT.doorCode(opener.dataset.doorCode ?? ''));
  dialog.showModal();
  // Both need the tap's user activation: asked right away, in the same task.
  dialog.requestFullscreen?.().catch(() => undefined);
  navigator.wakeLock
    ?.request('screen')
    .then((lock) => {
      awake = lock;
    })
    .catch(() => undefined);
});

dialog?.addEventListener('close', () => {
  void awake?.release().catch(() => undefined);
  awake = null;
  if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
});

// A tap anywhere but on the code itself closes it (the hint says so): the code stays put under a shaky hand.
dialog?.addEventListener('click', (event) => {
  if (!(event.target as Element).closest('[data-qr-code]')) dialog.close();
});

// Leaving full screen (Escape, the system's back gesture) closes the QR too: one gesture, not two.
document.addEventListener('fullscreenchange', () => {
  if (!document.fullscreenElement && dialog?.open) dialog.close();
});
