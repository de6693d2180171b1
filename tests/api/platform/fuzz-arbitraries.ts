import fc from 'fast-check';

/** Numbers a client may send that a schema or SQLite could choke on (JSON cannot carry NaN or Infinity). */
const oddNumber = fc.constantFrom(
  0,
  -0,
  -1,
  0.5,
  -2.5,
  1e21,
  -1e21,
  1e308,
  -1e308,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  Number.MAX_SAFE_INTEGER + 2,
  -(2 ** 63),
  2 ** 64,
);

/** Texts that broke parsers, SQL, URLs or paths somewhere before. */
const oddText = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  '\r\n',
  '%',
  '_',
  '%_%',
  '"',
  "'",
  '\\',
  '*',
  'NEAR(',
  '{title}: x',
  '../checkout?event=3&items=13:10',
  '/.//evil.invalid',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '-1',
  '0',
  '1e400',
  '9007199254740993',
  '99999999999999999999999999999',
  'NaN',
  'Infinity',
  '0x10',
  '2026-02-30T25:61',
  '2026-12-14T21:00',
  'ñandú Córdoba 𝕏 🎫',
  'a@b.c',
  '<script>alert(1)</script>',
  'x'.repeat(300),
  'é'.repeat(2_000),
  'Festival Internacional de Música Electrónica de Córdoba',
);

const longText = fc.integer({ min: 1_000, max: 60_000 }).map((n) => 'ab%_ñ'.repeat(Math.ceil(n / 5)).slice(0, n));

export const text = fc.oneof(
  { weight: 3, arbitrary: oddText },
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: longText },
);

export const number = fc.oneof(
  fc.integer(),
  fc.integer({ min: -3, max: 50 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  oddNumber,
);

const scalar = fc.oneof(number, text, fc.boolean(), fc.constant(null));

/** Any JSON value a client could send in a field: scalars, arrays and objects, a little nested. */
export const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), scalar, { maxKeys: 4 }) },
  {
    weight: 1,
    arbitrary: fc.array(fc.dictionary(fc.string({ maxLength: 8 }), scalar, { maxKeys: 3 }), { maxLength: 3 }),
  },
);

/** A URL path segment: numbers of every size and sign, words, unicode, very long, or one of the real ids. */
export function pathParam(real: string[]): fc.Arbitrary<string> {
  return fc
    .oneof(
      { weight: 6, arbitrary: fc.constantFrom(...real) },
      { weight: 2, arbitrary: fc.integer({ min: -1_000_000, max: 1_000_000 }).map(String) },
      { weight: 2, arbitrary: oddText.filter((t) => t !== '') },
      { weight: 1, arbitrary: oddNumber.map(String) },
      { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }) },
      { weight: 1, arbitrary: longText },
    )
    .map((segment) => encodeURIComponent(segment.toWellFormed()));
}

/** A query string over the endpoint's keys and a few strange ones; repeated keys arrive as arrays. */
export function query(keys: string[], real: string[]): fc.Arbitrary<string> {
  const key = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...keys, 'x') }, fc.string({ maxLength: 10 }));
  const val = fc.oneof(text, number.map(String), fc.constantFrom(...real));
  return fc.array(fc.tuple(key, val), { maxLength: 6 }).map((pairs) => {
    const params = new URLSearchParams();
    for (const [k, v] of pairs) params.append(k.toWellFormed(), v.toWellFormed());
    const qs = params.toString();
    return qs ? `?${qs}` : '';
  });
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every path into a JSON value (for mutating one place of a valid body). */
function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return [prefix];
  const keys = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
  return [prefix, ...keys.flatMap((k) => pathsOf((value as Record<string, unknown>)[k as string], [...prefix, k]))];
}

function valueAt(value: unknown, path: (string | number)[]): unknown {
  return path.reduce<unknown>((node, step) => (node as Record<string | number, unknown>)?.[step], value);
}

/** A copy of `valid` with one place replaced by `replacement` (or removed, when it is undefined). */
function mutate(valid: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const copy = structuredClone(valid) as Record<string | number, unknown>;
  let node = copy;
  for (const step of path.slice(0, -1)) node = node[step] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  if (replacement === undefined) delete node[last];
  else node[last] = replacement;
  return copy;
}

/** A copy of `valid` whose array at `path` has its first element twice (duplicates trip UNIQUE keys). */
function duplicateFirst(valid: unknown, path: (string | number)[]): unknown {
  const copy = structuredClone(valid) as Record<string | number, unknown>;
  let node: unknown = copy;
  for (const step of path) node = (node as Record<string | number, unknown>)[step];
  if (Array.isArray(node) && node.length > 0) node.push(structuredClone(node[0]));
  return copy;
}

/** A request body: a valid one with one place mutated, the known fields with random values, or junk. */
export type Body = { type: string | null; text: string } | null;

export function body(fields: string[], valid?: () => Json): fc.Arbitrary<Body> {
  const json = (v: unknown) => ({ type: 'application/json', text: JSON.stringify(v) ?? 'null' });
  const options: fc.WeightedArbitrary<Body>[] = [
    {
      weight: 3,
      arbitrary: fc.dictionary(fc.constantFrom(...fields, 'extra'), value, { maxKeys: fields.length + 1 }).map(json),
    },
    { weight: 1, arbitrary: value.map(json) },
    {
      weight: 1,
      arbitrary: fc.record({
        type: fc.constantFrom(
          'application/json',
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data',
          null,
        ),
        text: fc.oneof(text, fc.constantFrom('{', '{"a":', '[1,', '\u0000', '{"__proto__":{"x":1}}')),
      }),
    },
    { weight: 1, arbitrary: fc.constant(null) },
  ];
  if (valid) {
    const base = valid();
    options.push(
      { weight: 4, arbitrary: fc.constant(json(base)) },
      {
        weight: 6,
        arbitrary: fc
          .tuple(fc.constantFrom(...pathsOf(base)), fc.option(value, { nil: undefined, freq: 4 }))
          .map(([path, replacement]) => json(mutate(base, path, replacement))),
      },
    );
    const arrays = pathsOf(base).filter((path) => Array.isArray(valueAt(base, path)));
    if (arrays.length)
      options.push({
        weight: 2,
        arbitrary: fc.constantFrom(...arrays).map((path) => json(duplicateFirst(base, path))),
      });
  }
  return fc.oneof(...options);
}
