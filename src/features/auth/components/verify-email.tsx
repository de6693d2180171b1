import { useEffect, useRef } from 'react';
import { LIMITS, MSG } from '../../../shared/messages';
import { setUser } from '../../../stores/session';
import { toast } from '../../../stores/toast';
import { verifyEmail } from '../api/verify-email';
import { ACCOUNT_TEXT } from '../messages';

/**
 * /verify-email?token= (spec section 4): success sets the session and goes to the index after 0.5 s;
 * failure goes to the index too. The edge has set the session cookies by the time this answers.
 */
export default function VerifyEmail({ token }: { token: string }) {
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const toIndex = () => setTimeout(() => location.assign('/'), LIMITS.verifyRedirectMs);
    verifyEmail(token)
      .then(({ session }) => {
        setUser(session);
        toast('success', MSG.verifySuccess);
      })
      .catch((err: Error) => toast('error', MSG.verifyError, err.message))
      .finally(toIndex);
  }, [token]);

  return (
    <p role="status" className="flex items-center justify-center gap-3 py-16 text-lg">
      <span className="loading loading-spinner" aria-hidden="true" />
      {ACCOUNT_TEXT.verifying}
    </p>
  );
}
