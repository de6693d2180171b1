import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect } from 'react';
import { $authDialog, closeAuthDialog, openRegister } from '../../../stores/navigation';
import { Toaster } from './toaster';

// The dialogs (and zod with them) load only when one opens, so this island stays small.
const LoginDialog = lazy(() => import('./login-dialog'));
const RegisterDialog = lazy(() => import('./register-dialog'));

/**
 * `?registro=1` opens registration (the no-script address of the 'Registrarme' link). The parameter is
 * then dropped so a reload does not open it again. (`?login=1&next=` is the shell script's, see
 * src/components/layout/shell-client.ts.)
 */
function openFromUrl() {
  const url = new URL(location.href);
  if (!url.searchParams.has('registro')) return;
  openRegister();
  url.searchParams.delete('registro');
  history.replaceState(history.state, '', url.pathname + url.search + url.hash);
}

/** The account dialogs and the toasts: one island, mounted once by the public layout. */
export function AuthDialogs() {
  const open = useStore($authDialog);
  useEffect(openFromUrl, []);
  return (
    <>
      <Toaster />
      <Suspense fallback={null}>
        {open === 'login' && <LoginDialog onClose={closeAuthDialog} />}
        {open === 'register' && <RegisterDialog onClose={closeAuthDialog} />}
      </Suspense>
    </>
  );
}

export default AuthDialogs;
