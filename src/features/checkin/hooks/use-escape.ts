import { useEffect, useRef } from 'react';

/**
 * Escape closes what the door shows over the scanner (the search, a result card), wherever focus is: the
 * manual entry keeps it so that a hardware reader's typing lands there. `enabled` false while something over it
 * (a result card over the search) takes the key.
 */
export function useEscape(close: () => void, enabled = true) {
  const latest = useRef(close);
  latest.current = close;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      latest.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [enabled]);
}
