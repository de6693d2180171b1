import { describe, expect, it } from 'vitest';
import { cycles, importGraph } from './support/import-graph';

/**
 * The server is one-way (docs/architecture.md, "Layers"): routes → services → domain, with the objects beside
 * the services and below them. Every module of functions/ and src/ belongs to one layer, imports (type imports
 * included) only what its layer may, and no import circle exists.
 */

type Layer =
  | 'shared'
  | 'lib'
  | 'domain'
  | 'adapters'
  | 'object-contracts'
  | 'objects'
  | 'stubs'
  | 'services'
  | 'middleware'
  | 'routes'
  | 'composition'
  | 'client'
  | 'client-gateway';

/** First match wins. */
const LAYERS: [Layer, RegExp][] = [
  // Isomorphic rules and words (pricing, dates, schemas, catalogues): used by both sides.
  ['shared', /^src\/shared\//],
  // The route middleware that declares access and authenticates: it reads through services.
  ['middleware', /^functions\/api\/lib\/(access|auth|api-key|idempotency|openapi)\.ts$/],
  // Counting attempts in the rate limiter objects (its middleware and the services' own throttles).
  ['services', /^functions\/api\/lib\/throttle\.ts$/],
  // Bottom utilities: crypto, errors, validation, ids. Nothing of the product.
  ['lib', /^functions\/(lib|api\/lib)\//],
  // Rules and types services and objects share (order state, actors, revocation, setup, throttling rules).
  ['domain', /^functions\/domain\//],
  // The outside world: e-mail and the payment provider.
  ['adapters', /^functions\/(mail|payments)\//],
  ['stubs', /^functions\/durable-objects\/stubs\.ts$/],
  // What an object is asked and answers: the only part of an object a service may import.
  ['object-contracts', /^functions\/durable-objects\/[^/]+\/(types|items)\.ts$/],
  ['objects', /^functions\/durable-objects\//],
  ['services', /^functions\/api\/(services|reactions)\//],
  ['routes', /^functions\/api\/routes\//],
  // Where the parts are put together: the Worker, the API app and jobs, the edge, the dev tools.
  ['composition', /^functions\/[^/]+\.ts$|^functions\/(api\/[^/]+\.ts|edge\/|dev\/)/],
  ['client', /^src\//],
];

const MAY_IMPORT: Record<Layer, Layer[]> = {
  shared: ['shared'],
  lib: ['shared', 'lib'],
  domain: ['shared', 'lib', 'domain'],
  adapters: ['shared', 'lib', 'domain', 'adapters'],
  stubs: ['shared', 'lib'],
  'object-contracts': ['shared', 'lib', 'domain', 'object-contracts', 'objects'],
  objects: ['shared', 'lib', 'domain', 'adapters', 'stubs', 'object-contracts', 'objects'],
  services: ['shared', 'lib', 'domain', 'adapters', 'stubs', 'object-contracts', 'services'],
  middleware: ['shared', 'lib', 'domain', 'stubs', 'object-contracts', 'services', 'middleware'],
  routes: ['shared', 'lib', 'domain', 'adapters', 'object-contracts', 'services', 'middleware', 'routes'],
  composition: [
    'shared',
    'lib',
    'domain',
    'adapters',
    'stubs',
    'object-contracts',
    'objects',
    'services',
    'middleware',
    'routes',
    'composition',
  ],
  // Pages, islands and components reach the provider only through its typed client (the Biome rule too).
  client: ['shared', 'client', 'client-gateway'],
  // Only ever a target: as a module it is part of the edge (composition).
  'client-gateway': [],
};

/** The typed client over the provider API: part of the edge, and the one module of functions/ src/ may import. */
const CLIENT_GATEWAY = 'functions/edge/provider-client.ts';

const layerOf = (path: string, asTarget = false): Layer | null => {
  if (asTarget && path === CLIENT_GATEWAY) return 'client-gateway';
  return LAYERS.find(([, match]) => match.test(path))?.[0] ?? null;
};

describe('one-way server: the import graph of functions/ and src/', () => {
  const graph = importGraph(['functions', 'src']);

  it('reads the imports it checks', () => {
    // A broken parser would find no circle and no wrong direction: the known edges must be there.
    expect(graph.size).toBeGreaterThan(300);
    expect(graph.get('functions/api/routes/events/events.ts')).toContain('functions/api/services/events/lifecycle.ts');
    expect(graph.get('functions/durable-objects/checkin/door-cache.ts')).toContain(
      'functions/domain/accounts/revocation.ts',
    );
    // Type-only imports count too.
    expect(graph.get('functions/api/services/checkout/holds.ts')).toContain(
      'functions/durable-objects/inventory/types.ts',
    );
  });

  it('has no import cycle', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('puts every module in a layer', () => {
    expect([...graph.keys()].filter((path) => !layerOf(path))).toEqual([]);
  });

  it('imports only in the allowed directions', () => {
    const wrong: string[] = [];
    for (const [from, targets] of graph) {
      const layer = layerOf(from);
      if (!layer) continue;
      for (const to of targets) {
        const target = layerOf(to, true);
        if (
          !target ||
          !MAY_IMPORT[layer].includes(target === 'client-gateway' && layer !== 'client' ? 'composition' : target)
        )
          wrong.push(`${from} (${layer}) → ${to} (${target})`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('has no module that imports the routes but the composition', () => {
    const importers = [...graph].filter(
      ([from, targets]) =>
        !['routes', 'composition'].includes(layerOf(from) ?? '') && [...targets].some((t) => layerOf(t) === 'routes'),
    );
    expect(importers.map(([from]) => from)).toEqual([]);
  });
});
