/**
 * Public pages ship no React until it is needed: the account dialogs and the toaster (React, zod)
 * load the first time a dialog opens or a toast is raised — including toasts carried over from the
 * previous page. Both layouts import this tiny module.
 */

import { viewOf } from '../../shared/routes';
import { safeNextPath } from '../../shared/safe-next';
import { $authDialog, openRegister } from '../../stores/navigation';
import { $toasts } from '../../stores/toast';

let loading = false;

function load() {
  if (loading) return;
  loading = true;
  const container = document.getElementById('auth-island');
  if (!container) return;
  void import('./components/mount-auth-dialogs').then(({ mountAuthDialogs }) => mountAuthDialogs(container));
}

// `subscribe` calls at once with the current value, so a dialog opened or a toast raised before this
// module ran is seen too.
$authDialog.subscribe((dialog) => dialog && load());
$toasts.subscribe((toasts) => toasts.length > 0 && load());

// `?registro=1` is the no-script address of 'Registrarme': open registration. Its `next` (a team invitation's
// page) is remembered like the login prompt's, so verifying the new account comes back there (issue 32).
const url = new URL(location.href);
if (url.searchParams.has('registro')) {
  const next = safeNextPath(url.searchParams.get('next'));
  openRegister(next ? viewOf(new URL(next, location.origin)) : undefined);
  url.searchParams.delete('registro');
  url.searchParams.delete('next');
  history.replaceState(history.state, '', url.pathname + url.search + url.hash);
}
