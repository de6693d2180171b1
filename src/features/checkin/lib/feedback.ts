/**
 * Sound and vibration for a scan's result, distinct for each tone: one high beep (valid), two middle beeps
 * (already used), a long low buzz (invalid). Made with WebAudio, nothing to download.
 */
let audio: AudioContext | null = null;

const PATTERNS = {
  ok: { tones: [[880, 0.12]], vibrate: [80] },
  warn: {
    tones: [
      [520, 0.14],
      [520, 0.14],
    ],
    vibrate: [120, 80, 120],
  },
  bad: { tones: [[180, 0.5]], vibrate: [400] },
} as const;

/**
 * Creates the audio context ahead of the first card, on the tap that starts the scanner: made on a tap it
 * may play (autoplay policy), and made then, not on the first result, it does not hold that card back
 * (creating one took 360 ms under load in the door e2e, the card waiting behind it).
 */
export function primeFeedback() {
  try {
    audio ??= new AudioContext();
    void audio.resume().catch(() => undefined);
  } catch {
    // No audio here: the screen and the vibration still tell.
  }
}

export function feedback(tone: keyof typeof PATTERNS) {
  const pattern = PATTERNS[tone];
  navigator.vibrate?.([...pattern.vibrate]);
  try {
    audio ??= new AudioContext();
    let at = audio.currentTime;
    for (const [freq, seconds] of pattern.tones) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.type = tone === 'bad' ? 'sawtooth' : 'sine';
      osc.frequency.value = freq;
      gain.gain.value = 0.2;
      osc.connect(gain).connect(audio.destination);
      osc.start(at);
      osc.stop(at + seconds);
      at += seconds + 0.06;
    }
  } catch {
    // No audio (autoplay policy before any tap): the screen and the vibration still tell.
  }
}
