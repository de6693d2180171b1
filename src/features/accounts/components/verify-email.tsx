import { messageOf } from '../../../lib/api';
import { LIMITS, MSG } from '../../../shared/messages/common';
import { setUser } from '../../../stores/session';
import { toast } from '../../../stores/toast';
import { verifyEmail } from '../api/verify-email';
import { useRunOnce, VerifyingStatus } from './verifying';

/**
 * /verify-email?token= (spec section 4): success sets the session and goes to the index after 0.5 s;
 * failure goes to the index too. The edge has set the session cookies by the time this answers.
 */
export default function VerifyEmail({ token }: { token: string }) {
  useRunOnce(() => {
    const toIndex = () => setTimeout(() => location.assign('/'), LIMITS.verifyRedirectMs);
    verifyEmail(token)
      .then(({ session }) => {
        setUser(session);
        toast('success', MSG.verifySuccess);
      })
      .catch((err: unknown) => toast('error', MSG.verifyError, messageOf(err)))
      .finally(toIndex);
  });

  return <VerifyingStatus />;
}
