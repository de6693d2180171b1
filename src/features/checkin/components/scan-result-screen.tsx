import { type ScanResult, scanTone } from '../../../shared/checkin';
import { formatTime } from '../../../shared/dates';
import { DOOR_TEXT, SCAN_LABEL, SCAN_REASON } from '../../../shared/messages/checkin';
import { useEscape } from '../hooks/use-escape';

export type ShownResult = {
  result: ScanResult;
  /** `seat`: a seated ticket's section, row and seat ("Platea, fila F, butaca 12"), null for general admission. */
  ticket: { type: string; holder: string; dni: string | null; seat: string | null } | null;
  first: { at: string; gate: string | null; staff: string } | null;
  offline: boolean;
};

const TONE_CLASS = {
  ok: 'bg-success text-success-content',
  warn: 'bg-warning text-warning-content',
  bad: 'bg-error text-error-content',
} as const;

/** The result filling the screen for a moment: green valid, amber used, red invalid. Tap (or Escape) to go on. */
export function ScanResultScreen({ shown, onClose }: { shown: ShownResult; onClose: () => void }) {
  useEscape(onClose);
  const tone = scanTone(shown.result);
  const { ticket, first } = shown;
  return (
    <button
      type="button"
      onClick={onClose}
      data-result={shown.result}
      className={`fixed inset-0 z-40 flex flex-col items-center justify-center gap-4 p-6 text-center ${TONE_CLASS[tone]}`}
    >
      {/* Read out by the scanner's assertive live region (door-status.tsx), not from here. */}
      <span className="text-5xl font-black leading-tight sm:text-7xl">{SCAN_LABEL[shown.result]}</span>
      {ticket && (
        <span className="text-2xl font-bold sm:text-4xl">
          {ticket.type}
          {ticket.holder && <span className="block text-3xl sm:text-5xl">{ticket.holder}</span>}
          {/* Staff guide the holder to their seat: shown as large as the name. */}
          {ticket.seat && (
            <span data-seat className="mt-2 block text-3xl font-black sm:text-5xl">
              {ticket.seat}
            </span>
          )}
          {ticket.dni && (
            <span className="mt-2 block">
              {DOOR_TEXT.askDni} {ticket.dni}
            </span>
          )}
        </span>
      )}
      {first && shown.result === 'used' && (
        <span className="text-2xl font-semibold">
          {DOOR_TEXT.firstEntry(formatTime(first.at), first.gate, first.staff)}
        </span>
      )}
      {SCAN_REASON[shown.result] && shown.result !== 'used' && (
        <span className="text-xl">{SCAN_REASON[shown.result]}</span>
      )}
      {shown.offline && <span className="badge badge-lg badge-neutral">{DOOR_TEXT.validatedOffline}</span>}
      <span className="mt-6 text-base opacity-80">{DOOR_TEXT.tapToContinue}</span>
    </button>
  );
}
