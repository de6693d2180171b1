import type { MemberRole, Role } from '../roles';

/**
 * The producer's team: members, roles, team invitations, the join page and the team e-mails (voseo).
 */

export const MAIL_TEAM = {
  subject: 'Te invitaron a sumarte a un equipo en Boletería',
  title: 'Te invitaron a un equipo',
  preheader: 'Aceptá la invitación para empezar.',
  /** Around the inviter's name, the producer's name and the role (both in bold in the mail). */
  intro: [' te invitó a sumarte al equipo de ', ' con el rol ', '.'],
  howTo:
    'Para aceptar, ingresá con una cuenta de Boletería con este correo. Si todavía no tenés cuenta, creala con este mismo correo desde el enlace.',
  cta: 'Aceptar la invitación',
  note: 'La invitación vence en 7 días. Si no la esperabas, ignorá este mensaje.',
} as const;

/** The team (/admin/collaborators) and accepting an invitation (voseo). */
export const TEAM_TEXT = {
  goToPanel: 'Ir al panel',
  accepting: 'Aceptando…',
  accept: 'Aceptar la invitación',
  eventsHint: 'Eventos (si no elegís ninguno, tiene acceso a todos)',
  inviteTitle: 'Invitar a una persona',
  email: 'Correo',
  emailPlaceholder: 'persona@correo.com',
  role: 'Rol',
  sending: 'Enviando…',
  sendInvitation: 'Enviar invitación',
  events: 'Eventos',
  lastActivity: 'Última actividad',
  leaveTeam: 'Salir del equipo',
  remove: 'Quitar',
  leaveText: 'Dejás de tener acceso a esta productora desde tu próxima acción.',
  status: 'Estado',
  expired: 'Vencida',
  resend: 'Reenviar',
  revoke: 'Revocar',
  notAdmin: 'No administrás ninguna productora: solo sus administradores gestionan el equipo.',
  producer: 'Productora',
  team: 'Equipo',
  person: 'Persona',
  actions: 'Acciones',
  noInvitations: 'No hay invitaciones esperando respuesta.',
  pendingInvitations: 'Invitaciones pendientes',
  roleOf: (name: string) => `Rol de ${name}`,
  removeText: (name: string) => `${name} deja de tener acceso a esta productora desde su próxima acción.`,
  sent: (date: string) => `Enviada ${date}`,
  pendingCount: (n: number) => `Invitaciones pendientes (${n})`,
  neverSeen: 'Todavía no entró',
  now: 'Ahora',
  minutesAgo: (n: number) => `Hace ${n} min`,
  hoursAgo: (n: number) => `Hace ${n} h`,
  allEvents: 'Todos los eventos',
  eventN: (id: number) => `Evento ${id}`,
  eventCount: (n: number) => `${n} eventos`,
  lastAdminLocked: 'Es el único Administrador de la productora: sumá otro antes de cambiarlo o quitarlo.',
  selfLocked: 'No podés cambiar tu propio rol ni tus eventos: pedíselo a otro Administrador.',
  removeTitle: (name: string) => `Quitar a ${name}`,
  teamCount: (n: number) => `Equipo (${n})`,
} as const;

/** /equipo/aceptar: the invited person's page (the sentence is split around its bold values). */
export const JOIN_PAGE_TEXT = {
  pageTitle: 'Invitación al equipo · Boletería',
  heading: 'Sumate al equipo',
  gone: 'La invitación no existe, venció o ya se usó. Pedile a la productora que te la reenvíe.',
  invitedTo: 'te invitó al equipo de',
  as: 'como',
  forEmail: '. La invitación es para',
  signInHint:
    'Ingresá con ese correo para aceptarla. Si todavía no tenés cuenta, creala con ese mismo correo y volvé a este enlace.',
  createAccount: 'Crear mi cuenta',
} as const;

/** The back office's team (/admin/collaborators). */
export const TEAM_UI_MSG = {
  invited: (email: string) => `Listo: invitamos a ${email}. Le mandamos el enlace por correo; vence en 7 días.`,
} as const;

/** The API's answers about the team: members, roles and what a member may grant. */
export const TEAM_MSG = {
  noManage: 'No tenés permiso para gestionar el equipo de esta productora.',
  notMember: 'Esa persona no es parte del equipo de esta productora.',
  lastAdmin: 'La productora necesita al menos un Administrador: sumá otro antes de cambiar o quitar a este.',
  foreignEvents: 'Elegí eventos de esta productora.',
  selfLastAdmin: 'Sos el único Administrador de la productora: sumá otro antes de quitarte o de cambiar tu rol.',
  rolesChanged: 'Listo: los permisos cambian en su próxima acción.',
  removed: 'Quitamos a la persona del equipo: pierde el acceso en su próxima acción.',
  joined: (producer: string) => `Ya sos parte del equipo de ${producer}.`,
} as const;

/** What a member may grant (a member never grants more than it holds). */
export const GRANT_MSG = {
  self: 'No podés cambiar tu propio rol ni tus eventos: pedíselo a otro Administrador.',
  higher: 'No podés dar un rol con más permisos que el tuyo.',
  scope: 'Solo podés dar acceso a los eventos a los que tenés acceso.',
} as const;

/** The answers when a role does not reach an event or a producer. */
export const ACCESS_MSG = {
  noEvent: 'No tenés permisos sobre este evento',
  noProducer: 'No tenés permisos sobre esta productora',
  superadminOnly: 'Solo un superadministrador puede hacer esto',
} as const;

/** Invitations to join a producer's team (not the guest invitations: those are INVITATION_MSG's). */
export const TEAM_INVITATION_MSG = {
  notFound: 'La invitación no existe o ya no está vigente.',
  expired: 'La invitación venció. Pedile a la productora que te la reenvíe.',
  otherEmail: (email: string) =>
    `Esta invitación es para ${email}. Ingresá con la cuenta de ese correo para aceptarla.`,
  alreadyMember: 'Esa persona ya es parte del equipo: cambiale el rol desde la lista.',
  sent: (email: string) => `Enviamos la invitación a ${email}.`,
  revoked: 'Invitación revocada: el enlace ya no sirve.',
  sessionExpired: 'Tu sesión expiró. Ingresá de nuevo.',
} as const;

export const ROLE_LABEL: Record<Role, string> = {
  GUEST: 'Invitado',
  USER: 'Usuario',
  COLABORATORS: 'Colaborador',
  ADMIN: 'Administrador',
  SUPERADMIN: 'Superadministrador',
};

export const MEMBER_ROLE_LABEL: Record<MemberRole, string> = {
  ADMIN: 'Administrador',
  BOX_OFFICE: 'Boletería',
  DOOR: 'Control de acceso',
  ANALYST: 'Analista',
};

export const MEMBER_ROLE_HINT: Record<MemberRole, string> = {
  ADMIN: 'Acceso completo: eventos, ventas, finanzas, equipo y configuración.',
  BOX_OFFICE: 'Vende en boletería y ve las entradas vendidas.',
  DOOR: 'Solo controla el acceso con el escáner.',
  ANALYST: 'Ve el panel, las ventas y las finanzas, sin cambiar nada.',
};

/** The checks of src/shared/schemas/team.ts (API and forms). */
export const TEAM_FIELD_MSG = {
  email: 'Ingresá el correo de la persona',
  emailInvalid: 'Revisá el correo: no parece válido',
  role: 'Elegí un rol: Administrador, Boletería, Control de acceso o Analista',
  eventIds: 'Elegí los eventos de la lista',
  eventIdsMax: 'Elegí hasta 100 eventos, o ninguno para darle acceso a todos',
  producerRequired: 'Elegí la productora',
  userId: 'Persona inválida',
  invitationId: 'Invitación inválida',
  invitationToken: 'El enlace de la invitación no es válido',
} as const;

// ---- The activity log, "Actividad" (issue 35): who in the team changed what ----

/** The kinds of change "Actividad" filters by (the API's ACTIVITY_KINDS keys). */
export const ACTIVITY_KIND_LABEL = {
  settings: 'Configuración',
  team: 'Equipo',
  events: 'Eventos',
  prices: 'Precios',
  refunds: 'Devoluciones',
  codes: 'Códigos',
  checkin: 'Ingresos manuales',
  sales: 'Ventas y órdenes',
  invitations: 'Invitaciones',
} as const;
export type ActivityKindName = keyof typeof ACTIVITY_KIND_LABEL;

/** What each recorded action is called in "Actividad". */
export const ACTIVITY_ACTION_LABEL: Record<string, string> = {
  refund: 'Devolución total',
  partial_refund: 'Devolución parcial',
  refund_used_override: 'Devolución de entradas ya usadas',
  resend: 'Reenvío de entradas',
  holder_change: 'Cambio de titular',
  box_office_sale: 'Venta en boletería',
  export: 'Exportación',
  team_invite: 'Invitación al equipo',
  team_invite_revoke: 'Invitación al equipo anulada',
  team_join: 'Alta en el equipo',
  team_member_change: 'Cambio de rol',
  team_member_remove: 'Baja del equipo',
  invitation_issue: 'Invitación emitida',
  invitation_revoke: 'Invitación anulada',
  invitation_resend: 'Invitación reenviada',
  invitation_quota: 'Cupo de invitaciones',
  settings_change: 'Cambio de configuración',
  platform_settings_change: 'Configuración de la plataforma',
  producer_activation: 'Activación de la productora',
  producer_trust: 'Confianza de la productora',
  mp_link: 'MercadoPago vinculado',
  mp_unlink: 'MercadoPago desvinculado',
  event_change: 'Cambio en un evento',
  event_delete: 'Evento borrado',
  price_change: 'Cambio de precios',
  code_change: 'Cambio en códigos',
  manual_checkin: 'Ingreso manual',
  retention_change: 'Plazo de borrado de datos',
};

/** The "Actividad" page (/admin/actividad). */
export const ACTIVITY_TEXT = {
  title: 'Actividad',
  intro:
    'Todo lo que cambió tu equipo en el panel: quién, cuándo, y qué había antes y después. Este registro no se modifica ni se borra.',
  producer: 'Productora',
  person: 'Persona',
  event: 'Evento',
  kind: 'Tipo de cambio',
  all: 'Todos',
  filter: 'Filtrar',
  clear: 'Limpiar filtros',
  when: 'Cuándo',
  who: 'Quién',
  what: 'Qué',
  change: 'Antes → después',
  before: 'Antes',
  after: 'Después',
  reason: 'Motivo',
  empty: 'No hay actividad con esos filtros.',
  more: 'Ver más antiguos',
  noProducer: 'No administrás ninguna productora.',
  invalidFilter: 'Revisá los filtros: alguno no es válido.',
  link: 'Ver la actividad del equipo',
  nothing: '—',
} as const;
