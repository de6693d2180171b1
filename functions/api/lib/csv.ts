/**
 * A small CSV reader (RFC 4180 quoting) for files people export from spreadsheets: the delimiter is a comma
 * or, as Excel writes it in es-AR, a semicolon (whichever the first line uses more); a UTF-8 BOM is dropped;
 * blank lines are skipped but still counted, so row numbers match what the user sees in their spreadsheet.
 */
export type CsvLine = { line: number; cells: string[] };

export function parseCsv(text: string): CsvLine[] {
  const source = text.replace(/^\uFEFF/, '');
  const firstLine = source.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = count(firstLine, ';') > count(firstLine, ',') ? ';' : ',';
  const lines: CsvLine[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let startLine = 1;
  const endRow = () => {
    cells.push(cell);
    if (cells.some((c) => c.trim() !== '')) lines.push({ line: startLine, cells });
    cells = [];
    cell = '';
  };
  for (let i = 0; i < source.length; i++) {
    const ch = source[i];
    if (quoted) {
      if (ch === '"' && source[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === '\n') line++;
        cell += ch;
      }
    } else if (ch === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (ch === delimiter) {
      cells.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && source[i + 1] === '\n') i++;
      endRow();
      line++;
      startLine = line;
    } else cell += ch;
  }
  endRow();
  return lines;
}

function count(text: string, ch: string) {
  return text.split(ch).length - 1;
}
