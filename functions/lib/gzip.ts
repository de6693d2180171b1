/** Gzip for documents kept in D1 (venue maps): a stadium's map is megabytes of JSON, a tenth of it gzipped. */

export function gzip(text: string): Promise<ArrayBuffer> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Response(stream).arrayBuffer();
}

/** D1 answers a blob as an ArrayBuffer or an array of bytes, depending on the path. */
export function gunzip(data: ArrayBuffer | number[]): Promise<string> {
  const stream = new Blob([new Uint8Array(data)]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Response(stream).text();
}
