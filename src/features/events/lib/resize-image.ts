/**
 * Resizes an image in the browser before upload: a large version (at most 1600 px wide) and a small one
 * (640 px) for phones, both WebP. Workers cannot resize images without a paid binding, and this keeps
 * uploads small on mobile connections too.
 */
async function scaled(bitmap: ImageBitmap, width: number): Promise<Blob> {
  const w = Math.min(width, bitmap.width);
  const h = Math.round((bitmap.height * w) / bitmap.width);
  const canvas = document.createElement('canvas');
  canvas.width = w;
  canvas.height = h;
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, w, h);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('No se pudo procesar la imagen'))),
      'image/webp',
      0.82,
    ),
  );
}

export async function resizeForUpload(file: File): Promise<FormData> {
  const bitmap = await createImageBitmap(file);
  const [large, small] = await Promise.all([scaled(bitmap, 1600), scaled(bitmap, 640)]);
  const form = new FormData();
  form.set('image', new File([large], 'imagen.webp', { type: 'image/webp' }));
  form.set('small', new File([small], 'imagen-sm.webp', { type: 'image/webp' }));
  return form;
}
