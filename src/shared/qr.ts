import qrcode from 'qrcode-generator';

/** A QR code of `text` (error correction M), as SVG markup, a GIF data URL, and its module matrix. */
export function qrOf(text: string) {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  return {
    svg: () => qr.createSvgTag({ cellSize: 4, margin: 2, scalable: true }),
    gifDataUrl: () => qr.createDataURL(4, 8),
    size: qr.getModuleCount(),
    isDark: (row: number, col: number) => qr.isDark(row, col),
  };
}
