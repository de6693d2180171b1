import { useStore } from '@nanostores/react';
import { useMemo } from 'react';
import { TextField } from '../../../components/ui/fields';
import { DOOR_TEXT } from '../../../shared/messages/checkin';
import { KIT_TEXT } from '../../../shared/messages/common';
import { useCamera } from '../hooks/use-camera';
import { useDoor } from '../hooks/use-door';
import type { Door } from '../stores/door';
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
 * behaviour is in stores/door.ts and its rules in lib/door-core.ts; these are the screens.
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
  const access = useStore(door.$access);
  const scanning = useStore(door.$scanning);
  const announcement = useStore(door.$announcement);
  const { eventId } = useStore(door.$choice);

  // Nothing of the event shows until the stored data is known to be this user's (and none offline without a
  // session): meanwhile (and in the server's HTML, before the page is live) it says so, with no control to tap.
  if (access === 'checking')
    return (
      <p className="grid min-h-dvh place-items-center p-6 text-2xl" role="status">
        {KIT_TEXT.loading}
      </p>
    );
  if (access === 'none') {
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
      <DoorLiveRegion text={announcement} />
      {scanning ? (
        <ScanningScreen door={door} title={events.find((e) => e.id === eventId)?.title} />
      ) : (
        <DoorSetup door={door} events={events} />
      )}
    </>
  );
}

function ScanningScreen({ door, title }: { door: Door; title?: string }) {
  const typed = useStore(door.$typed);
  const searching = useStore(door.$searching);
  const bundle = useStore(door.$bundle);
  const card = useStore(door.$card);
  const list = useStore(door.$list);
  const { kind } = useStore(door.$choice);
  const { video, flash, toggleFlash, cameraError } = useCamera(door.handleCode);

  return (
    <div className="flex min-h-dvh flex-col bg-black">
      <DoorStatus door={door} title={title} />

      <div className="relative flex-1 overflow-hidden">
        <video ref={video} className="h-full max-h-[60dvh] w-full object-cover" muted playsInline />
        {cameraError && <p className="absolute inset-x-4 top-4 rounded-box bg-base-200 p-4 text-lg">{cameraError}</p>}
      </div>

      <DoorCounters door={door} />

      <form
        className="flex gap-2 p-3"
        onSubmit={(e) => {
          e.preventDefault();
          door.submitTyped();
        }}
      >
        <div className="flex-1">
          <TextField
            large
            hideLabel
            label={DOOR_TEXT.ticketCode}
            placeholder={DOOR_TEXT.codePlaceholder}
            value={typed}
            onValue={door.setTyped}
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
        <button type="button" className="btn btn-lg" onClick={door.openSearch}>
          {DOOR_TEXT.search}
        </button>
        {list?.allow_reentry && (
          <button
            type="button"
            className={`btn btn-lg ${kind === 'exit' ? 'btn-warning' : ''}`}
            onClick={door.toggleKind}
          >
            {kind === 'entry' ? DOOR_TEXT.entryMode : DOOR_TEXT.exitMode}
          </button>
        )}
        {flash.has && (
          <button type="button" className="btn btn-lg" onClick={() => void toggleFlash()}>
            {flash.on ? DOOR_TEXT.torchOff : DOOR_TEXT.torchOn}
          </button>
        )}
      </nav>

      {searching && bundle && <DoorSearch door={door} bundle={bundle} covered={!!card} />}
      {card && <ScanResultScreen shown={card} onClose={door.closeCard} />}
    </div>
  );
}
