/**
 * The shell's small browser script (no framework): account actions, disclosure menus, dialogs, the
 * floating logo, the login prompt asked by the server guard, and the pending next view (guard step 4).
 */
import { logout } from '../../lib/api';
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
    // A link with an action (its href is the no-script way) stays on the page.
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
    document.querySelector<HTMLDialogElement>(`dialog#${opener.dataset.openDialog}`)?.showModal();
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
const params = new URLSearchParams(location.search);
if (location.pathname === '/' && params.get('login') === '1') {
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
