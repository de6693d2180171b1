import { useEffect, useState } from 'react';
import { BUY_MSG } from '../../../shared/messages-checkout';

const left = (until: number) => Math.max(0, Math.floor((until - Date.now()) / 1000));

/** The hold's countdown (mm:ss); calls `onExpire` once when it reaches zero. */
export function Countdown({ until, onExpire }: { until: string; onExpire: () => void }) {
  const end = new Date(until).getTime();
  const [seconds, setSeconds] = useState(() => left(end));
  useEffect(() => {
    const timer = setInterval(() => {
      const s = left(end);
      setSeconds(s);
      if (s === 0) {
        clearInterval(timer);
        onExpire();
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [end, onExpire]);
  const mm = String(Math.floor(seconds / 60)).padStart(2, '0');
  const ss = String(seconds % 60).padStart(2, '0');
  return (
    <p className={`font-semibold ${seconds < 60 ? 'text-warning' : ''}`} role="timer" aria-live="off">
      {BUY_MSG.countdown} <span className="font-mono text-lg">{`${mm}:${ss}`}</span>
    </p>
  );
}
