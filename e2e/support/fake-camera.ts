import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import qrcode from 'qrcode-generator';

const SIZE = 480;

/**
 * A video file for Chromium's fake camera (`--use-file-for-fake-video-capture`) that films a QR code of
 * `text`: an uncompressed Y4M (YUV 4:2:0), black modules on white, written with no encoder library.
 */
export function qrVideo(text: string, name: string): string {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const modules = qr.getModuleCount();
  // Well inside qr-scanner's scan region (the middle two thirds of the frame).
  const scale = Math.floor((SIZE * 0.5) / modules);
  const offset = Math.floor((SIZE - modules * scale) / 2);
  const luma = Buffer.alloc(SIZE * SIZE, 235);
  for (let row = 0; row < modules; row++) {
    for (let col = 0; col < modules; col++) {
      if (!qr.isDark(row, col)) continue;
      for (let y = 0; y < scale; y++) {
        const start = (offset + row * scale + y) * SIZE + offset + col * scale;
        luma.fill(16, start, start + scale);
      }
    }
  }
  const chroma = Buffer.alloc((SIZE / 2) * (SIZE / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${SIZE} H${SIZE} F10:1 Ip A1:1 C420jpeg\n`);
  const dir = path.resolve('test-results', 'fake-camera');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.y4m`);
  writeFileSync(file, Buffer.concat([header, frame, frame]));
  return file;
}
