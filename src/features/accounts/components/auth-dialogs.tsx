import { useStore } from '@nanostores/react';
import { lazy, Suspense } from 'react';
import { $authDialog, closeAuthDialog } from '../../../stores/navigation';
import { Toaster } from './toaster';

// The dialogs (and zod with them) load only when one opens, so this island stays small.
const LoginDialog = lazy(() => import('./login-dialog'));
const RegisterDialog = lazy(() => import('./register-dialog'));

/** The account dialogs and the toasts, mounted on demand by src/features/accounts/lazy-auth-island.ts. */
export function AuthDialogs() {
  const open = useStore($authDialog);
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
