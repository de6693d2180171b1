/**
 * The shell's small browser script (no framework): account actions, disclosure menus, dialogs, the
 * floating logo, the login prompt asked by the server guard, and the pending next view (guard step 4).
 */
import { logout } from '../../lib/api';
import { takeEarlyTaps } from '../../shared/early-taps';
import { pendingDestination } from '../../shared/guard';
import type { NextView } from '../../shared/routes';
import { viewOf } from '../../shared/routes';
import { safeNextPath } from '../../shared/safe-next';
import { $authEmail, $nextView, openLogin, openRegister } from '../../stores/navigation';
import { nextLogoState } from './logo-scroll';

const signedIn = document.body.dataset.signedIn === '1';

/**
 * Where an account action came from may name the view to return to (`data-next`, a path on this site) and an
 * address to fill in (`data-email`): the team invitation page passes both (issue 32).
 */
function nextOf(element: HTMLElement): NextView | undefined {
  const safe = safeNextPath(element.dataset.next ?? null);
  return safe ? viewOf(new URL(safe, location.origin)) : undefined;
}

const ACTIONS: Record<string, (element: HTMLElement) => void> = {
  login: (element) => {
    $authEmail.set(element.dataset.email ?? '');
    openLogin(nextOf(element));
  },
  register: (element) => {
    $authEmail.set(element.dataset.email ?? '');
    openRegister(nextOf(element));
  },
  // Creating an event while logged out opens login and remembers the destination admin-events.
  'create-event': () => openLogin({ name: 'admin-events' }),
  logout: () => void logout(),
};

function closeAllDisclosures(except?: Element) {
  for (const button of document.querySelectorAll<HTMLElement>('[data-disclosure][aria-expanded="true"]')) {
    if (button === except) continue;
    button.setAttribute('aria-expanded', 'false');
    document.getElementById(button.getAttribute('aria-controls') ?? '')?.setAttribute('hidden', '');
  }
}

document.addEventListener('click', (event) => {
  const target = event.target as Element;
  const action = target.closest<HTMLElement>('[data-action]');
  if (action?.dataset.action && ACTIONS[action.dataset.action]) {
    // A link with an action (its href is the page without scripts, /ingresar or /registrarme) opens its dialog
    // here instead; a click meant for a new tab keeps the link.
    if (action instanceof HTMLAnchorElement && (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0))
      return;
    event.preventDefault();
    closeAllDisclosures();
    action.closest('dialog')?.close();
    ACTIONS[action.dataset.action](action);
    return;
  }
  const toggle = target.closest<HTMLElement>('[data-disclosure]');
  if (toggle) {
    const open = toggle.getAttribute('aria-expanded') !== 'true';
    closeAllDisclosures(toggle);
    toggle.setAttribute('aria-expanded', String(open));
    document.getElementById(toggle.getAttribute('aria-controls') ?? '')?.toggleAttribute('hidden', !open);
    return;
  }
  const opener = target.closest<HTMLElement>('[data-open-dialog]');
  if (opener) {
    // Browsers with invoker commands have opened it already (the button's `command`), even before this script.
    const dialog = document.querySelector<HTMLDialogElement>(`dialog#${opener.dataset.openDialog}`);
    if (dialog && !dialog.open) dialog.showModal();
    return;
  }
  if (target.closest('[data-close-dialog]')) {
    target.closest('dialog')?.close();
    return;
  }
  // A click on a modal's backdrop lands on the <dialog> itself: close it.
  if (target instanceof HTMLDialogElement && target.open) target.close();
  if (!target.closest('[data-disclosure-root]')) closeAllDisclosures();
});

document.addEventListener('keydown', (event) => {
  if (event.key !== 'Escape') return;
  const open = document.querySelector<HTMLElement>('[data-disclosure][aria-expanded="true"]');
  if (open) {
    closeAllDisclosures();
    open.focus();
  }
});

// Tabbing out of an open menu closes it, so a hidden-behind panel never keeps focus.
document.addEventListener('focusout', (event) => {
  const root = (event.target as Element).closest('[data-disclosure-root]');
  const next = event.relatedTarget as Element | null;
  if (root && next && !root.contains(next)) closeAllDisclosures();
});

// The floating logo hides on scrolling down and comes back on scrolling up.
const logo = document.querySelector<HTMLElement>('[data-floating-logo]');
if (logo) {
  let state = { hidden: false, lastY: window.scrollY };
  let queued = false;
  window.addEventListener(
    'scroll',
    () => {
      if (queued) return;
      queued = true;
      requestAnimationFrame(() => {
        queued = false;
        state = nextLogoState(state, window.scrollY);
        logo.toggleAttribute('data-hidden', state.hidden);
      });
    },
    { passive: true },
  );
}

// The server guard sends a guest to /?login=1&next=<path>: remember the view and open the login prompt.
// The login page (/ingresar?next=, the navigation's link before this script was live) remembers it too.
const params = new URLSearchParams(location.search);
if (location.pathname === '/ingresar' && !signedIn) {
  const safe = safeNextPath(params.get('next'));
  if (safe) $nextView.set(viewOf(new URL(safe, location.origin)));
} else if (location.pathname === '/' && params.get('login') === '1') {
  const next = params.get('next');
  if (!signedIn) {
    const safe = safeNextPath(next);
    if (safe) $nextView.set(viewOf(new URL(safe, location.origin)));
    openLogin();
  }
  // Drop the request from the URL so a reload does not open the prompt again.
  for (const param of ['login', 'next']) params.delete(param);
  const rest = params.toString();
  history.replaceState(history.state, '', rest ? `/?${rest}` : '/');
} else if (signedIn) {
  // Guard step 4: a stored pending next view that differs from this page wins (once).
  const next = $nextView.get();
  if (next) {
    $nextView.set(null);
    const to = pendingDestination(next, location.pathname + location.search);
    if (to) location.replace(to);
  }
}

// Menus and buttons tapped before this script ran (issue 31): act on them now, in order.
for (const control of takeEarlyTaps('shell')) (control as HTMLElement).click();
// Live from here on (the e2e tests about the dialogs themselves wait for this mark).
document.documentElement.dataset.shell = 'live';
