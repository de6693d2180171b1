import { messageOf, refreshSession } from '../../../lib/api';
import { ACCOUNT_TEXT } from '../../../shared/messages/accounts';
import { LIMITS } from '../../../shared/messages/common';
import { $session } from '../../../stores/session';
import { toast } from '../../../stores/toast';
import { verifyChangeEmail } from '../api/verify-change-email';
import { useRunOnce, VerifyingStatus } from './verifying';

/**
 * /verify-change-email?token=: confirms the new address. A signed-in user gets fresh claims (the new
 * e-mail) and returns to the profile; anyone else goes to the index with the login open.
 */
export default function VerifyChangeEmail({ token }: { token: string }) {
  useRunOnce(() => {
    const go = (to: string) => setTimeout(() => location.assign(to), LIMITS.verifyRedirectMs);
    verifyChangeEmail(token)
      .then(async () => {
        toast('success', ACCOUNT_TEXT.emailChanged);
        const session = $session.get().user ? await refreshSession() : null;
        go(session ? '/perfil' : '/?login=1');
      })
      .catch((err: unknown) => {
        toast('error', ACCOUNT_TEXT.emailChangeVerifyError, messageOf(err));
        go('/');
      });
  });

  return <VerifyingStatus />;
}
