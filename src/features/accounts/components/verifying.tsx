import { useEffect, useRef } from 'react';
import { ACCOUNT_TEXT } from '../../../shared/messages/accounts';

/** Runs `action` once per mount (a verification link must be spent once, even under StrictMode). */
export function useRunOnce(action: () => void) {
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    action();
  });
}

/** What a verification page shows while it checks its link. */
export function VerifyingStatus() {
  return (
    <p role="status" className="flex items-center justify-center gap-3 py-16 text-lg">
      <span className="loading loading-spinner" aria-hidden="true" />
      {ACCOUNT_TEXT.verifying}
    </p>
  );
}
