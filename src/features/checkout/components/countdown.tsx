import { useEffect, useState } from 'react';
import { formatTimeLeft } from '../../../shared/dates';
import { BUY_MSG } from '../../../shared/messages/checkout';

const left = (until: number) => Math.max(0, Math.floor((until - Date.now()) / 1000));

/** The hold's countdown (mm:ss, or '1 h 59 min' from an hour on); calls `onExpire` once when it reaches zero. */
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
  return (
    <p className={`font-semibold ${seconds < 60 ? 'text-warning' : ''}`} role="timer" aria-live="off">
      {BUY_MSG.countdown} <span className="font-mono text-lg">{formatTimeLeft(seconds)}</span>
    </p>
  );
}
