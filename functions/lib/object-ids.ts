/**
 * Durable Object ids by name, kept per namespace for the isolate's life: deriving an id from its name
 * costs a keyed hash every time, and the hot paths (every hold, every queue join and poll) name the same
 * few objects over and over. An id is a plain value, valid for any request. Bounded; dropped whole when full.
 */
const byNamespace = new WeakMap<DurableObjectNamespace, Map<string, DurableObjectId>>();
const MAX_IDS = 10_000;

export function objectId(namespace: DurableObjectNamespace, name: string): DurableObjectId {
  let ids = byNamespace.get(namespace);
  if (!ids) {
    ids = new Map();
    byNamespace.set(namespace, ids);
  }
  let id = ids.get(name);
  if (!id) {
    if (ids.size >= MAX_IDS) ids.clear();
    id = namespace.idFromName(name);
    ids.set(name, id);
  }
  return id;
}
