import type QrScanner from 'qr-scanner';
import { useEffect, useMemo, useRef, useState } from 'react';
import { TextField } from '../../../components/ui/fields';
import { DOOR_TEXT } from '../../../shared/messages/checkin';
import { KIT_TEXT } from '../../../shared/messages/common';
import { useDoor } from '../hooks/use-door';
import { primeFeedback } from '../lib/feedback';
import type { DoorEvent } from '../types';
import { DoorSearch } from './door-search';
import { DoorSetup } from './door-setup';
import { DoorCounters, DoorLiveRegion, DoorStatus } from './door-status';
import { ScanResultScreen } from './scan-result-screen';

/**
 * The fullscreen scanner at the door: pick the event (today's first) and the gate, then the camera reads
 * QR codes (a hardware reader or a typed code works too). The server decides each scan while it answers
 * in time; otherwise the code's signature is checked here with the public key, against the last download,
 * and the scan is queued until the server answers again (with its nonce, so nothing counts twice). The
 * behaviour is in hooks/use-door.ts and its rules in lib/door-core.ts; these are the screens.
 */
export default function DoorScanner({
  events,
  staffName,
  userId,
}: {
  events: DoorEvent[];
  staffName: string;
  userId: number | null;
}) {
  const eventIds = useMemo(() => events.map((e) => e.id), [events]);
  const door = useDoor({ userId, staffName, eventIds });
  const [started, setStarted] = useState(false);

  // Nothing of the event shows until the stored data is known to be this user's (and none offline without a
  // session): meanwhile (and in the server's HTML, before the page is live) it says so, with no control to tap.
  if (door.access === 'checking')
    return (
      <p className="grid min-h-dvh place-items-center p-6 text-2xl" role="status">
        {KIT_TEXT.loading}
      </p>
    );
  if (door.access === 'none') {
    return (
      <div className="grid min-h-dvh place-items-center p-6 text-center">
        <p className="max-w-md text-2xl">{DOOR_TEXT.signInToScan}</p>
      </div>
    );
  }
  if (events.length === 0) {
    return (
      <div className="grid min-h-dvh place-items-center p-6 text-center">
        <p className="max-w-md text-2xl">{DOOR_TEXT.noEventsAskProducer}</p>
      </div>
    );
  }
  return (
    <>
      <DoorLiveRegion text={door.announcement} />
      {started ? (
        <ScanningScreen
          door={door}
          title={events.find((e) => e.id === door.choice.eventId)?.title}
          onBack={() => setStarted(false)}
        />
      ) : (
        <DoorSetup
          door={door}
          events={events}
          onStart={() => {
            primeFeedback();
            setStarted(true);
          }}
        />
      )}
    </>
  );
}

function ScanningScreen({
  door,
  title,
  onBack,
}: {
  door: ReturnType<typeof useDoor>;
  title?: string;
  onBack: () => void;
}) {
  const [typed, setTyped] = useState('');
  const [searching, setSearching] = useState(false);
  const { video, flash, toggleFlash, cameraError } = useCamera(door.handleCode);
  const { list, choice, bundle, card } = door;

  return (
    <div className="flex min-h-dvh flex-col bg-black">
      <DoorStatus door={door} title={title} onChange={onBack} />

      <div className="relative flex-1 overflow-hidden">
        <video ref={video} className="h-full max-h-[60dvh] w-full object-cover" muted playsInline />
        {cameraError && <p className="absolute inset-x-4 top-4 rounded-box bg-base-200 p-4 text-lg">{cameraError}</p>}
      </div>

      <DoorCounters door={door} />

      <form
        className="flex gap-2 p-3"
        onSubmit={(e) => {
          e.preventDefault();
          void door.handleCode(typed);
          setTyped('');
        }}
      >
        <div className="flex-1">
          <TextField
            large
            hideLabel
            label={DOOR_TEXT.ticketCode}
            placeholder={DOOR_TEXT.codePlaceholder}
            value={typed}
            onValue={setTyped}
            autoComplete="off"
            // A hardware reader types into the focused field and presses Enter: the field has focus at once.
            autoFocus
          />
        </div>
        <button type="submit" className="btn btn-lg btn-ticket">
          {DOOR_TEXT.validate}
        </button>
      </form>

      <nav className="flex flex-wrap gap-2 p-3 pt-0">
        <button type="button" className="btn btn-lg" onClick={() => setSearching(true)}>
          {DOOR_TEXT.search}
        </button>
        {list?.allow_reentry && (
          <button
            type="button"
            className={`btn btn-lg ${choice.kind === 'exit' ? 'btn-warning' : ''}`}
            onClick={() => door.setKind(choice.kind === 'entry' ? 'exit' : 'entry')}
          >
            {choice.kind === 'entry' ? DOOR_TEXT.entryMode : DOOR_TEXT.exitMode}
          </button>
        )}
        {flash.has && (
          <button type="button" className="btn btn-lg" onClick={() => void toggleFlash()}>
            {flash.on ? DOOR_TEXT.torchOff : DOOR_TEXT.torchOn}
          </button>
        )}
      </nav>

      {searching && bundle && (
        <DoorSearch
          bundle={bundle}
          listId={choice.listId}
          onAdmit={door.admitByHand}
          onUndo={door.undo}
          onClose={() => setSearching(false)}
          searchOnline={door.searchOnline}
          online={door.online}
          covered={!!card}
        />
      )}
      {card && <ScanResultScreen shown={card} onClose={door.closeCard} />}
    </div>
  );
}

/** The back camera, one decode every 100 ms; every read goes to `onCode` (the hook suppresses repeats). */
function useCamera(onCode: (code: string) => Promise<void>) {
  const video = useRef<HTMLVideoElement>(null);
  const scanner = useRef<QrScanner | null>(null);
  const handler = useRef(onCode);
  handler.current = onCode;
  const [flash, setFlash] = useState<{ has: boolean; on: boolean }>({ has: false, on: false });
  const [cameraError, setCameraError] = useState<string | null>(null);

  useEffect(() => {
    if (!video.current) return;
    let cancelled = false;
    void (async () => {
      const { default: Scanner } = await import('qr-scanner');
      if (cancelled || !video.current) return;
      const instance = new Scanner(video.current, (r) => void handler.current(r.data), {
        preferredCamera: 'environment',
        maxScansPerSecond: 10,
        highlightScanRegion: true,
        returnDetailedScanResult: true,
        onDecodeError: () => undefined,
      });
      scanner.current = instance;
      try {
        await instance.start();
        setCameraError(null);
        setFlash({ has: await instance.hasFlash(), on: false });
      } catch {
        setCameraError(DOOR_TEXT.cameraFailed);
      }
    })();
    return () => {
      cancelled = true;
      scanner.current?.destroy();
      scanner.current = null;
    };
  }, []);

  async function toggleFlash() {
    await scanner.current?.toggleFlash();
    setFlash((f) => ({ ...f, on: !!scanner.current?.isFlashOn() }));
  }

  return { video, flash, toggleFlash, cameraError };
}
