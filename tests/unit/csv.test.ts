import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../functions/api/lib/csv';
import { rowsFromCsv } from '../../functions/api/services/invitations/rows';
import { invitationCsvTemplate } from '../../src/shared/schemas/invitations';

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

describe('the CSV template offered on /admin/invitations', () => {
  it('is a file the import accepts as it is', () => {
    expect(rowsFromCsv(invitationCsvTemplate('Platea, fila 1'))).toEqual([
      {
        line: 2,
        name: 'Ana Pérez',
        email: 'ana@ejemplo.com',
        dni: '30111222',
        quantity: 2,
        ticket_type: 'Platea  fila 1',
        tag: 'Prensa',
        // No held group: a seated category's row gets the best available seats (nothing to one without seats).
        best: true,
      },
    ]);
  });
});
