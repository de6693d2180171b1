import { useEffect } from 'react';
import { useBrowserValue } from '../../../components/ui/adopt';
import { formatTimeLeft } from '../../../shared/dates';
import { BUY_MSG } from '../../../shared/messages/checkout';

const left = (until: number) => Math.max(0, Math.floor((until - Date.now()) / 1000));

/**
 * The hold's countdown (mm:ss, or '1 h 59 min' from an hour on); calls `onExpire` once when it reaches zero.
 * The seconds left depend on the clock, so they are drawn only in the browser: the server's HTML (and the
 * first browser render) show "--:--". Drawn on the server they never matched the browser's, and React then
 * redrew the whole checkout (error #418), dropping the ticks and text the buyer had already entered (issue 31).
 */
export function Countdown({ until, onExpire }: { until: string; onExpire: () => void }) {
  const end = new Date(until).getTime();
  const seconds = useBrowserValue(() => left(end), 1000);
  useEffect(() => {
    if (seconds === 0) onExpire();
  }, [seconds, onExpire]);
  return (
    <p
      className={`font-semibold ${seconds !== undefined && seconds < 60 ? 'text-warning' : ''}`}
      role="timer"
      aria-live="off"
    >
      {BUY_MSG.countdown}{' '}
      <span className="font-mono text-lg">{seconds === undefined ? '--:--' : formatTimeLeft(seconds)}</span>
    </p>
  );
}
