/** Roles and permissions (spec section 6). One source of truth for the islands, the guard and the API. */
export const ROLES = ['USER', 'COLABORATORS', 'ADMIN', 'SUPERADMIN'] as const;
export type Role = (typeof ROLES)[number] | 'GUEST';

type Rol = string | null | undefined;

/** Superadmin when rol contains SUPERADMIN. */
export const isSuperAdmin = (rol: Rol) => !!rol && rol.includes('SUPERADMIN');

/** Back office when rol is exactly SUPERADMIN, ADMIN or COLABORATORS. */
export const isBackOfficeEnabled = (rol: Rol) => rol === 'SUPERADMIN' || rol === 'ADMIN' || rol === 'COLABORATORS';

/** Full access = ADMIN or SUPERADMIN. */
export const hasFullAccess = (rol: Rol) => rol === 'ADMIN' || rol === 'SUPERADMIN';

export const isCollaborator = (rol: Rol) => rol === 'COLABORATORS';

/** Viewing and creating events: full access, or USER/collaborator. */
export const canViewEvents = (rol: Rol) => hasFullAccess(rol) || rol === 'USER' || isCollaborator(rol);

/** Only SUPERADMIN can search all clients. */
export const canSearchAllClients = (rol: Rol) => rol === 'SUPERADMIN';

/** Permission-list checks (the permission values themselves come from the token). */
export const permissions = {
  has: (list: readonly string[], permission: string) => list.includes(permission),
  any: (list: readonly string[], wanted: readonly string[]) => wanted.some((p) => list.includes(p)),
  all: (list: readonly string[], wanted: readonly string[]) => wanted.every((p) => list.includes(p)),
};

/**
 * Permission names carried in the token's `permisos` (spec section 6 lists what full access can do;
 * the names themselves are ours). The API derives the list from the role with `permissionsFor`.
 */
export const PERMISSIONS = [
  'dashboard.view',
  'events.view',
  'events.create',
  'events.manage',
  'tickets.view',
  'tickets.sell',
  'tickets.validate',
  'tickets.reports',
  'tickets.types',
  'collaborators.manage',
  'configurations.manage',
  'analytics.view',
  'reports.view',
  'export.data',
  'users.manage',
  'finance.view',
  'invitations.manage',
  'clients.search_all',
  'tickets.refund',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const FULL_ACCESS: readonly Permission[] = PERMISSIONS.filter((p) => p !== 'clients.search_all');

/** What every signed-in user may do: browse events and create their own (spec section 6). */
const EVERY_USER: readonly Permission[] = ['events.view', 'events.create'];

/** A member's role in a producer's team (producer_members.role). */
export const MEMBER_ROLES = ['ADMIN', 'BOX_OFFICE', 'DOOR', 'ANALYST'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

const MEMBER_PERMISSIONS: Record<MemberRole, readonly Permission[]> = {
  ADMIN: FULL_ACCESS,
  BOX_OFFICE: ['dashboard.view', 'tickets.view', 'tickets.sell'],
  DOOR: ['tickets.validate'],
  ANALYST: [
    'dashboard.view',
    'tickets.view',
    'tickets.reports',
    'finance.view',
    'analytics.view',
    'reports.view',
    'export.data',
  ],
};

/** What a member role grants in its producer (besides what every user may do). */
export const permissionsForMember = (role: MemberRole): readonly Permission[] => MEMBER_PERMISSIONS[role];

/** The token's `permisos`: every user's, plus what each of their memberships grants (all for SUPERADMIN). */
export function permissionsOf(storedRol: Rol, memberRoles: readonly MemberRole[]): Permission[] {
  if (storedRol === 'SUPERADMIN') return [...PERMISSIONS];
  const granted = new Set<Permission>(EVERY_USER);
  for (const role of memberRoles) for (const p of MEMBER_PERMISSIONS[role]) granted.add(p);
  return PERMISSIONS.filter((p) => granted.has(p));
}

/**
 * The permissions a role grants on its own, for a token without memberships in hand: full access for
 * ADMIN/SUPERADMIN, the door for collaborators, events for USER.
 */
export function permissionsFor(rol: Rol): Permission[] {
  if (rol === 'SUPERADMIN') return [...PERMISSIONS];
  if (rol === 'ADMIN') return permissionsOf(rol, ['ADMIN']);
  if (rol === 'COLABORATORS') return permissionsOf(rol, ['DOOR']);
  if (rol === 'USER') return permissionsOf(rol, []);
  return [];
}
