import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { spanishLiterals } from './support/ts-texts';

/**
 * Issue 30, "one vocabulary": the rule of island-texts and astro-texts for the plain .ts of functions/ and
 * src/ (the API's answers and errors, e-mails, PDFs, exports, schemas, stores). How a string is judged to be
 * Spanish is in ./support/ts-texts.ts. The words live in the catalogues, src/shared/messages/<domain>.ts.
 */
const ROOT = join(__dirname, '..', '..');
const SCANNED = ['functions', 'src'];

/** Folders that are not product code, or are catalogues of their own, each with its reason. */
const EXEMPT_DIRS: Record<string, string> = {
  'src/shared/messages/': 'the catalogues themselves',
  'src/content/': 'long-form texts (help centre, legal pages, revocation): content, as astro-texts treats it',
  'functions/dev/':
    'development tools, the MercadoPago sandbox and the demo seeds: every route answers 404 unless DEV_MODE',
};

/** Files not (yet) held to the rule, each with its reason. Keep it short; a stale entry fails below. */
const ALLOWED_FILES: Record<string, string> = {};

function* tsFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* tsFiles(path);
    else if (entry.name.endsWith('.ts') && !/\.(test|d)\.ts$/.test(entry.name)) yield path;
  }
}

const scanned = () =>
  SCANNED.flatMap((dir) => [...tsFiles(join(ROOT, dir))])
    .map((path) => ({ path, name: relative(ROOT, path).replaceAll('\\', '/') }))
    .filter(({ name }) => !Object.keys(EXEMPT_DIRS).some((dir) => name.startsWith(dir)));

describe('plain .ts texts come from the catalogues', () => {
  it('no .ts under functions/ or src/ writes a Spanish literal outside the catalogues', () => {
    const found: string[] = [];
    for (const { path, name } of scanned()) {
      if (name in ALLOWED_FILES) continue;
      for (const hit of spanishLiterals(readFileSync(path, 'utf8'), name)) found.push(`${name}:${hit}`);
    }
    expect(found).toEqual([]);
  });

  it('every allowed file exists and still has a Spanish literal (a stale entry would hide nothing)', () => {
    const files = new Map(scanned().map(({ path, name }) => [name, path]));
    for (const name of Object.keys(ALLOWED_FILES)) {
      const path = files.get(name);
      expect(path, name).toBeDefined();
      expect(spanishLiterals(readFileSync(path as string, 'utf8'), name).length, name).toBeGreaterThan(0);
    }
  });

  // Template literals build `${…}` placeholders so that this file holds no template-looking plain string.
  it.each([
    ["fail(400, 'Evento inválido');", 'Evento inválido'],
    ["return c.json({ status: true, message: 'Evento eliminado' });", 'Evento eliminado'],
    ["throw new HttpError(409, 'La orden ya fue pagada');", 'La orden ya fue pagada'],
    ["const NOT_FOUND = 'Imagen no encontrada';", 'Imagen no encontrada'],
    [`fail(409, \`La venta de ${'$'}{name} terminó.\`);`, 'La venta de … terminó.'],
    ["z.string().min(1, 'Requerido').max(80, 'Máximo 80 caracteres');", 'Máximo 80 caracteres'],
    ["const reason = status === 'charged_back' ? 'Contracargo' : 'Reembolso en MercadoPago';", 'Reembolso en'],
    ["const venue = parts.join(', ') || 'Lugar a confirmar';", 'Lugar a confirmar'],
    ["const title = 'El CUIT no puede ser todo ceros.';", 'El CUIT no puede'],
    ["const columns = ['Orden', 'Día', 'Órdenes'];", 'Día'],
    [`const html = \`<p>Una persona con la cuenta <strong>${'$'}{who}</strong> te transfiere</p>\`;`, 'Una persona'],
  ])('catches %s', (source, text) => {
    const hits = spanishLiterals(source);
    expect(hits.length).toBeGreaterThanOrEqual(1);
    expect(hits.join('\n')).toContain(text);
  });

  it.each([
    ["import { EVENT_MSG } from '../../../src/shared/messages/events';"],
    ['fail(404, EVENT_MSG.notFound);'],
    ["const row = await db.prepare('select producer_id from events where id = ? and status in (?, ?)').first();"],
    ["c.header('Cache-Control', 'no-store, private');"],
    ["throw new Error('Missing binding: the event object is not configured');"],
    ["console.error('Mail delivery failed for the order', error);"],
    ["type Status = 'borrador' | 'en_revision' | 'publicado';"],
    ["if (header.status === 'en_revision') return;"],
    ["const cls = 'btn btn-primary font-bold';"],
    ["const url = 'https://api.mercadopago.com/v1/payments/search?sort=date_created';"],
    ["const DEAD = `o.status in ('expired', 'failed') and not exists (select 1 from tickets t)`;"],
    ["const methods = ['cash', 'card', 'transfer'];"],
  ])('lets %s pass', (source) => {
    expect(spanishLiterals(source)).toEqual([]);
  });
});
