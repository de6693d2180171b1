import type { Declaration } from '../../../functions/api/lib/access';
import { type Permission, permissionsForMember } from '../../../src/shared/roles';
import { API_KEY_PERMISSIONS } from '../../../src/shared/schemas/integrations';
import { createKey } from '../integrations/key-fixtures';
import { CALLER_SHAPE, type CallerName, type ScopeWorld } from '../team/scope-fixtures';

/**
 * The producer API keys the route matrix calls every route with (tests/api/platform/routes.test.ts):
 * - one key per team member of the matrix, with that member's permissions and events, created by a
 *   producer-wide admin: it must reach exactly what that member reaches, on every route keys may call;
 * - one key per permission name, producer-wide and limited to E1: it must reach exactly what its one
 *   permission allows, and never an event outside its list.
 */
export type KeyCaller = {
  name: string;
  secret: string;
  producer: 'own' | 'other';
  grants: ReadonlySet<Permission>;
  onlyE1: boolean;
  /** The member it mirrors, when it is a member's key. */
  member?: CallerName;
};

/** Keys may call public routes and permission routes checked by the declaration, never what needs a person. */
export const keysMayCall = (declaration: Declaration) =>
  declaration.kind === 'public' ||
  (declaration.kind === 'permission' && declaration.checkedIn === undefined && !declaration.people);

/** May this key make this request, by the route's declaration alone (its creator holds everything it names)? */
export function keyAllowedBy(
  declaration: Declaration,
  key: KeyCaller,
  named: { producer?: 'own' | 'other'; event?: 'e1' | 'e2' } = {},
): boolean {
  if (!keysMayCall(declaration)) return false;
  if (declaration.kind !== 'permission') return true;
  const { permission, scope } = declaration;
  if (!key.grants.has(permission) || (declaration.also && !key.grants.has(declaration.also))) return false;
  if (named.producer) {
    if (named.producer !== key.producer) return false;
    if (scope === 'producer') return !key.onlyE1;
    return !named.event || !key.onlyE1 || named.event === 'e1';
  }
  return scope === 'event' || !key.onlyE1;
}

const MEMBERS: CallerName[] = ['door', 'boxOffice', 'analyst', 'limitedAdmin', 'fullAdmin', 'otherAdmin'];

export async function keyCallers(world: ScopeWorld): Promise<KeyCaller[]> {
  const keys: KeyCaller[] = [];
  for (const member of MEMBERS) {
    const shape = CALLER_SHAPE[member].member!;
    const grants = new Set<Permission>(['events.view', ...permissionsForMember(shape.role)]);
    const creator = shape.producer === 'own' ? world.people.fullAdmin : world.people.otherAdmin;
    const producerId = shape.producer === 'own' ? world.producerId : world.otherProducerId;
    const { secret } = await createKey(creator, producerId, [...grants], {
      event_ids: shape.onlyE1 ? [world.e1] : null,
    });
    keys.push({ name: `key(${member})`, secret, producer: shape.producer, grants, onlyE1: shape.onlyE1, member });
  }
  for (const permission of API_KEY_PERMISSIONS)
    for (const onlyE1 of [false, true]) {
      const { secret } = await createKey(world.people.fullAdmin, world.producerId, [permission], {
        event_ids: onlyE1 ? [world.e1] : null,
      });
      const name = `key(${permission}${onlyE1 ? ', E1' : ''})`;
      keys.push({ name, secret, producer: 'own', grants: new Set([permission]), onlyE1 });
    }
  return keys;
}
