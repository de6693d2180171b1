import type QrScanner from 'qr-scanner';
import { useEffect, useRef, useState } from 'react';
import { DOOR_TEXT } from '../../../shared/messages/checkin';

/** The back camera, one decode every 100 ms; every read goes to `onCode` (the door suppresses repeats). */
export function useCamera(onCode: (code: string) => Promise<void>) {
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
