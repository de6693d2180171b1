// @vitest-environment happy-dom
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { act, type ReactElement, useEffect, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import ts from 'typescript';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CheckboxField, Radio, Select, SelectField, TextArea, TextField } from '../../src/components/ui/fields';
import CheckoutForm from '../../src/features/checkout/components/checkout-form';
import { MapGenerator } from '../../src/features/venue-maps/components/map-generator';
import type { OrderView } from '../../src/shared/schemas/checkout';

/**
 * Issue 31, "nothing typed, ticked or picked before an island is live is lost". An island's HTML is the
 * server's render; a person edits it before the island's script runs; then React hydrates it. These tests
 * do exactly that (server HTML in a DOM, edits, hydrateRoot, then timer-driven re-renders) and fail when a
 * controlled control writes the server's value back over what the DOM held, or when hydration mismatches
 * (React then redraws the island from scratch, dropping every edit).
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
let container: HTMLElement;
let recoverable: unknown[];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(new Date('2026-11-21T12:00:00Z'));
  container = document.createElement('div');
  document.body.appendChild(container);
  recoverable = [];
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container.remove();
  vi.useRealTimers();
});

/** The server's HTML of `element`, `secondsLater` seconds before the browser gets to hydrate it. */
function serverHtml(element: ReactElement, secondsLater = 2) {
  container.innerHTML = renderToString(element);
  vi.advanceTimersByTime(secondsLater * 1000);
}

async function hydrate(element: ReactElement) {
  await act(async () => {
    root = hydrateRoot(container, element, { onRecoverableError: (error) => recoverable.push(error) });
  });
}

/** Time passes: timers fire and re-render the island. */
async function tick(seconds: number) {
  await act(async () => {
    vi.advanceTimersByTime(seconds * 1000);
  });
}

const byLabel = <T = HTMLInputElement>(text: string): T => {
  const label = [...container.querySelectorAll('label')].find((l) => l.textContent?.trim().startsWith(text));
  if (!label) throw new Error(`No label "${text}"`);
  const id = label.getAttribute('for');
  return (id ? container.querySelector(`[id="${id}"]`) : label.querySelector('input, select, textarea')) as T;
};

/** What a person does in the browser: the DOM changes and an input event fires (nobody listens yet). */
function type(el: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string) {
  el.value = value;
  el.dispatchEvent(new Event('input', { bubbles: true }));
}
function tickBox(el: HTMLInputElement) {
  el.checked = true;
  el.dispatchEvent(new Event('click', { bubbles: true }));
}

const ORDER: OrderView = {
  id: '00000000-0000-4000-8000-000000000001',
  status: 'held',
  status_reason: null,
  event: { id: 1, title: 'Recital', slug: 'recital', venue: 'Teatro', city: 'Rosario' },
  items: [
    {
      ticket_type_id: 7,
      name: 'General',
      starts_at: '2026-12-20T23:00:00Z',
      quantity: 1,
      unit_price_cents: 1_000_000,
      unit_fee_cents: 100_000,
      unit_discount_cents: 0,
      named: true,
      seats: [],
    },
  ],
  subtotal_cents: 1_000_000,
  fee_cents: 100_000,
  total_cents: 1_100_000,
  promo_code: null,
  discount_cents: 0,
  hold_expires_at: '2026-11-21T12:10:00Z',
  payment_status: null,
  buyer: { name: 'Ulises Usuario', email: 'usuario@demo.ar', dni: '30111222', phone: '1155556666' },
  tickets: 0,
};

describe('the checkout on a slow phone', () => {
  const checkout = () => <CheckoutForm order={ORDER} retryHref="/eventos/1" />;

  it('hydrates without a mismatch although its countdown depends on the clock', async () => {
    serverHtml(checkout());
    await hydrate(checkout());
    expect(recoverable).toEqual([]);
    await tick(1);
    expect(container.querySelector('[role="timer"]')?.textContent).toMatch(/09:5\d/);
  });

  it('keeps the terms ticked, the corrected phone and e-mail and the holder typed before it was live', async () => {
    serverHtml(checkout());
    tickBox(byLabel<HTMLInputElement>('Acepto los'));
    type(byLabel('Teléfono'), '1199998888');
    type(byLabel('Correo'), 'amiga@prueba.ar');
    type(byLabel('Nombre del titular'), 'Ana Amiga');
    await hydrate(checkout());
    await tick(5); // five countdown ticks re-render the form
    expect(byLabel<HTMLInputElement>('Acepto los').checked).toBe(true);
    expect(byLabel<HTMLInputElement>('Teléfono').value).toBe('1199998888');
    expect(byLabel<HTMLInputElement>('Correo').value).toBe('amiga@prueba.ar');
    expect(byLabel<HTMLInputElement>('Nombre del titular').value).toBe('Ana Amiga');
    expect(recoverable).toEqual([]);
  });

  it('shows "Pagar con Mercado Pago" disabled with "Cargando…" until it is live', async () => {
    serverHtml(checkout());
    const pay = () => [...container.querySelectorAll('button')].find((b) => b.textContent?.includes('Mercado Pago'));
    expect(pay()?.disabled).toBe(true);
    expect(container.textContent).toContain('Cargando…');
    await hydrate(checkout());
    expect(pay()?.disabled).toBe(false);
    expect(container.textContent).not.toContain('Cargando…');
  });
});

/** A form island whose clock re-renders it every second, with one kit control of each kind. */
function Ticking() {
  const [now, setNow] = useState(0);
  const [data, setData] = useState({ name: '', city: '', notes: '', terms: false, method: 'cash' });
  useEffect(() => {
    const timer = setInterval(() => setNow((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, []);
  // Handlers that copy the whole object (not the functional form): adoptions must still all land.
  return (
    <form data-now={now}>
      <TextField label="Nombre" value={data.name} onValue={(name) => setData({ ...data, name })} />
      <SelectField label="Ciudad" value={data.city} onValue={(city) => setData({ ...data, city })}>
        <option value="">-</option>
        <option value="rosario">Rosario</option>
      </SelectField>
      <label>
        Notas
        <TextArea value={data.notes} onValue={(notes) => setData({ ...data, notes })} />
      </label>
      <label>
        Zona
        <Select value={data.city} onValue={(city) => setData({ ...data, city })}>
          <option value="">-</option>
          <option value="rosario">Rosario</option>
        </Select>
      </label>
      <CheckboxField label="Acepto" checked={data.terms} onChecked={(terms) => setData({ ...data, terms })} />
      <label>
        Tarjeta
        <Radio name="m" checked={data.method === 'card'} onChoose={() => setData({ ...data, method: 'card' })} />
      </label>
      <output>{JSON.stringify(data)}</output>
    </form>
  );
}

describe('the venue map generator on a slow connection (issue 33)', () => {
  const generator = () => <MapGenerator busy={false} onCreate={() => undefined} />;

  it('keeps the name, rows and seats typed before it was live, and previews them', async () => {
    serverHtml(generator());
    const create = () => [...container.querySelectorAll('button')].find((b) => b.textContent === 'Crear mapa');
    expect(create()?.disabled).toBe(true);
    type(byLabel('Nombre del mapa'), 'Teatro Colón');
    type(byLabel('Filas'), '3');
    type(byLabel('Butacas por fila'), '5');
    await hydrate(generator());
    await tick(1);
    expect(byLabel<HTMLInputElement>('Nombre del mapa').value).toBe('Teatro Colón');
    expect(byLabel<HTMLInputElement>('Filas').value).toBe('3');
    expect(byLabel<HTMLInputElement>('Butacas por fila').value).toBe('5');
    expect(container.querySelector('[data-testid="preview-summary"]')?.textContent).toBe('15 butacas en 1 sector');
    expect(create()?.disabled).toBe(false);
    expect(recoverable).toEqual([]);
  });
});

describe('every kit control adopts what the DOM holds when its island comes alive', () => {
  it('keeps text, a pick, a tick and a radio across re-renders, and the state has them', async () => {
    serverHtml(<Ticking />);
    type(byLabel('Nombre'), 'Ana');
    type(byLabel('Ciudad'), 'rosario');
    type(byLabel('Notas'), 'Llego tarde');
    tickBox(byLabel<HTMLInputElement>('Acepto'));
    tickBox(byLabel<HTMLInputElement>('Tarjeta'));
    await hydrate(<Ticking />);
    await tick(3);
    expect(byLabel<HTMLInputElement>('Nombre').value).toBe('Ana');
    expect(byLabel<HTMLSelectElement>('Ciudad').value).toBe('rosario');
    expect(byLabel<HTMLTextAreaElement>('Notas').value).toBe('Llego tarde');
    expect(byLabel<HTMLInputElement>('Acepto').checked).toBe(true);
    expect(byLabel<HTMLInputElement>('Tarjeta').checked).toBe(true);
    expect(JSON.parse(container.querySelector('output')?.textContent ?? '{}')).toEqual({
      name: 'Ana',
      city: 'rosario',
      notes: 'Llego tarde',
      terms: true,
      method: 'card',
    });
  });
});

/** A select whose state matches no option: the browser shows the first one, which nobody picked. */
function Unpicked({ onPick }: { onPick: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <SelectField
      label="Evento"
      value={value}
      onValue={(v) => {
        onPick(v);
        setValue(v);
      }}
    >
      <option value="1">Uno</option>
      <option value="2">Dos</option>
    </SelectField>
  );
}

describe('adoption takes only what a person did', () => {
  it('leaves a select alone that shows its first option only because no option has its value', async () => {
    const picked: string[] = [];
    serverHtml(<Unpicked onPick={(v) => picked.push(v)} />);
    await hydrate(<Unpicked onPick={(v) => picked.push(v)} />);
    await tick(1);
    expect(picked).toEqual([]);
  });

  it('takes the option a person picked before the island was live', async () => {
    const picked: string[] = [];
    serverHtml(<Unpicked onPick={(v) => picked.push(v)} />);
    type(byLabel('Evento'), '2');
    await hydrate(<Unpicked onPick={(v) => picked.push(v)} />);
    expect(picked).toEqual(['2']);
  });
});

/**
 * The rule that makes the tests above hold for every island: a controlled control (`value` or `checked`
 * on an <input>, <select> or <textarea> that is not read-only) is drawn through the kit (src/components/ui/fields.tsx), whose
 * controls adopt the DOM's value when they come alive. A raw controlled control would be re-rendered back to
 * its server value by the island's next render.
 */
const ROOT = join(__dirname, '..', '..');
const KIT = 'src/components/ui/fields.tsx';

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return tsxFiles(path);
    return entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx') ? [path] : [];
  });
}

/** "line: <tag>" of each raw controlled control of a .tsx source. */
function rawControlled(source: string): string[] {
  const file = ts.createSourceFile('x.tsx', source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxSelfClosingElement(node) || ts.isJsxOpeningElement(node)) {
      const tag = node.tagName.getText(file);
      const names = node.attributes.properties.filter(ts.isJsxAttribute).map((a) => a.name.getText(file));
      const controlled = names.includes('value') || names.includes('checked');
      // A read-only field (a link to copy) holds nothing a person typed.
      if (['input', 'select', 'textarea'].includes(tag) && controlled && !names.includes('readOnly')) {
        const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
        found.push(`${line + 1}: <${tag}>`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('controlled controls go through the kit', () => {
  it('finds a raw controlled input (the rule can fail)', () => {
    expect(rawControlled('const a = <input value={x} onChange={f} />;')).toEqual(['1: <input>']);
    expect(rawControlled('const a = <TextInput value={x} onChange={f} />;')).toEqual([]);
    expect(rawControlled('const a = <input readOnly value={link} />;')).toEqual([]);
  });

  it('no island outside the kit renders one', () => {
    const offenders = tsxFiles(join(ROOT, 'src'))
      .map((path) => relative(ROOT, path))
      .filter((path) => path !== KIT)
      .flatMap((path) => rawControlled(readFileSync(join(ROOT, path), 'utf8')).map((hit) => `${path}:${hit}`));
    expect(offenders).toEqual([]);
  });
});
