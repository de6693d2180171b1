import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { searchPatterns } from '../../../functions/api/services/events/search';
import { makeUser } from '../kit/actors';
import { call } from '../kit/call';
import { eventBody } from '../kit/events';

const LONG_TITLE = 'Festival Internacional de Música Electrónica de Córdoba';

/** A published event (a superadmin publishes at once) of a new producer. */
async function publishedEvent(overrides: Record<string, unknown> = {}) {
  const admin = await makeUser('SUPERADMIN');
  const created = await call(admin, 'POST /admin/events', { json: eventBody(overrides) });
  expect(created.status).toBe(201);
  const published = await call(admin, 'POST /admin/events/:id/publish', { param: { id: created.body.data.id } });
  expect(published.status).toBe(200);
  return { admin, event: created.body.data };
}

const ids = (body: { data: { id: number }[] }) => body.data.map((e) => e.id);

describe('catalogue search', () => {
  it('finds an event by a title longer than 48 bytes (was a 500: LIKE pattern too complex)', async () => {
    const { admin, event } = await publishedEvent({ title: LONG_TITLE, producer_name: 'Córdoba Electrónica SRL' });
    const res = await call(null, 'GET /events', { query: { q: LONG_TITLE } });
    expect(res.status).toBe(200);
    expect(ids(res.body)).toContain(event.id);
    const managed = await call(admin, 'GET /admin/events', { query: { q: LONG_TITLE } });
    expect(managed.status).toBe(200);
    expect(ids(managed.body)).toEqual([event.id]);
  });

  it('ignores accents and case, and matches parts of words', async () => {
    const { event } = await publishedEvent({ title: 'Noche Electrónica en Tucumán' });
    for (const text of [
      'noche electronica tucuman',
      'ELECTRÓNICA',
      'electro tucu',
      'Tucumán noche',
      'lectrón',
      '¿Noche electrónica, en Tucumán?',
    ]) {
      const res = await call(null, 'GET /events', { query: { q: text } });
      expect(res.status, text).toBe(200);
      expect(ids(res.body), text).toContain(event.id);
    }
    const miss = await call(null, 'GET /events', { query: { q: 'noche salteña' } });
    expect(ids(miss.body)).not.toContain(event.id);
  });

  it('searches the venue, city and producer too, and follows their renames', async () => {
    const { admin, event } = await publishedEvent({
      title: 'Recital Acústico',
      producer_name: 'Quebracho Producciones',
      venue: { name: 'Teatro Aurelio', address: 'Belgrano 200', city: 'Resistencia', provinces_id: 4 },
    });
    for (const text of ['quebracho', 'aurelio', 'resistencia']) {
      const res = await call(null, 'GET /events', { query: { q: text } });
      expect(ids(res.body), text).toContain(event.id);
    }
    const producer = await call(admin, 'PUT /admin/producers/:id', {
      param: { id: event.producer_id },
      json: { name: 'Algarrobo Eventos', description: '' },
    });
    expect(producer.status).toBe(200);
    const renamed = await call(null, 'GET /events', { query: { q: 'algarrobo' } });
    expect(ids(renamed.body)).toContain(event.id);
    const old = await call(null, 'GET /events', { query: { q: 'quebracho' } });
    expect(ids(old.body)).not.toContain(event.id);
  });

  it('searches % and _ literally and treats quotes and operators as text', async () => {
    const { event } = await publishedEvent({ title: 'Milonga del Puerto' });
    for (const text of ['%', '_', '%%%', '"', 'NEAR(', 'title:milonga', '*', '{title}', "'; drop", '-x', '\\']) {
      const events = await call(null, 'GET /events', { query: { q: text } });
      expect(events.status, text).toBe(200);
      if (!/milonga/i.test(text)) expect(ids(events.body), text).not.toContain(event.id);
      const producers = await call(null, 'GET /producers', { query: { q: text } });
      expect(producers.status, text).toBe(200);
      // Before: '%' and '_' were LIKE wildcards, so they listed every producer.
      if (/^[%_]+$/.test(text)) expect(producers.body.data, text).toEqual([]);
    }
    const prefixed = await call(null, 'GET /events', { query: { q: 'title:milonga' } });
    expect(ids(prefixed.body)).not.toContain(event.id);
    const { event: percent } = await publishedEvent({ title: 'Fiesta 100% Cumbia_Villera' });
    for (const text of ['100%', '100% cumbia_', '_villera']) {
      const res = await call(null, 'GET /events', { query: { q: text } });
      expect(ids(res.body), text).toContain(percent.id);
    }
    const wildcard = await call(null, 'GET /events', { query: { q: 'fiesta%cumbia' } });
    expect(ids(wildcard.body)).not.toContain(percent.id);
  });

  it('answers a search made of one very long word (cut to the pattern limit) without failing', async () => {
    const { event } = await publishedEvent({ title: 'Supercalifragilisticoespialidoso Show Infantil' });
    const res = await call(null, 'GET /events', { query: { q: 'supercalifragilisticoespialidoso'.repeat(3) } });
    expect(res.status).toBe(200);
    expect(ids(res.body)).not.toContain(event.id);
    const accents = await call(null, 'GET /events', { query: { q: 'ñ'.repeat(100) } });
    expect(accents.status).toBe(200);
  });

  it('finds producers by long names and without accents', async () => {
    const name = 'Asociación Cultural de Música Electrónica Independiente';
    await publishedEvent({ producer_name: name });
    for (const text of [name, 'asociacion electronica independiente']) {
      const res = await call(null, 'GET /producers', { query: { q: text } });
      expect(res.status, text).toBe(200);
      expect(
        res.body.data.map((p) => p.name),
        text,
      ).toContain(name);
    }
  });

  it('builds at most 8 patterns, each within D1 50-byte LIKE limit, for any text', () => {
    const bytes = new TextEncoder();
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        const patterns = searchPatterns(text);
        expect(patterns.length).toBeLessThanOrEqual(8);
        for (const pattern of patterns) expect(bytes.encode(pattern).length).toBeLessThanOrEqual(50);
      }),
      { numRuns: 500 },
    );
    expect(searchPatterns('%'.repeat(40))).toEqual([`%${'\\%'.repeat(24)}%`]);
  });
});
