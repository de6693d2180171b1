import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../functions/api/lib/csv';

describe('parseCsv', () => {
  it.each([
    [
      'commas',
      'a,b\n1,2',
      [
        { line: 1, cells: ['a', 'b'] },
        { line: 2, cells: ['1', '2'] },
      ],
    ],
    [
      'semicolons as Excel in es-AR writes them',
      'a;b\r\n1,5;2',
      [
        { line: 1, cells: ['a', 'b'] },
        { line: 2, cells: ['1,5', '2'] },
      ],
    ],
    [
      'a BOM and a trailing newline',
      '\uFEFFa,b\n1,2\n',
      [
        { line: 1, cells: ['a', 'b'] },
        { line: 2, cells: ['1', '2'] },
      ],
    ],
    [
      'quotes, doubled quotes, delimiters and newlines inside them',
      'a,b\n"x, ""y""",2\n"multi\nline",3',
      [
        { line: 1, cells: ['a', 'b'] },
        { line: 2, cells: ['x, "y"', '2'] },
        { line: 3, cells: ['multi\nline', '3'] },
      ],
    ],
    [
      'blank lines skipped but counted, so numbers match the spreadsheet',
      'a,b\n\n1,2\n , \n3,4',
      [
        { line: 1, cells: ['a', 'b'] },
        { line: 3, cells: ['1', '2'] },
        { line: 5, cells: ['3', '4'] },
      ],
    ],
  ])('reads %s', (_name, text, expected) => {
    expect(parseCsv(text)).toEqual(expected);
  });
});
