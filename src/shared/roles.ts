/** Roles and permissions (spec section 6). One source of truth for the islands, the guard and the API. */
export const ROLES = ['USER', 'COLABORATORS', 'ADMIN', 'SUPERADMIN'] as const;
export type Role = (typeof ROLES)[number] | 'GUEST';

export const ROLE_LABEL: Record<Role, string> = {
  GUEST: 'Invitado',
  USER: 'Usuario',
  COLABORATORS: 'Colaborador',
  ADMIN: 'Administrador',
  SUPERADMIN: 'Superadministrador',
};

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
