import { SPEC_LABEL } from './messages';

/** The standalone pages' words (access denied, error), in voseo; the spec's names are SPEC_LABEL's. */
export const PAGE_LINK_TEXT = {
  home: 'Volver al inicio',
  myTickets: SPEC_LABEL.myTickets,
  help: SPEC_LABEL.helpCenter,
} as const;

/** /access-denied. */
export const DENIED_PAGE_TEXT = {
  title: 'Acceso denegado',
  text: 'Tu cuenta no tiene permiso para ver esta sección.',
  requested: 'Página solicitada:',
  hint: 'Si trabajás con una productora, pedile a su administrador que te sume como colaborador o que te dé acceso.',
} as const;

/** /error. */
export const ERROR_PAGE_TEXT = {
  title: 'Ocurrió un error',
  text: 'No pudimos completar lo que pediste. Probá de nuevo en unos minutos; si el problema sigue, escribinos desde el Centro de Ayuda y contanos qué estabas haciendo.',
} as const;

/** /perfil and /mis-tickets. */
export const ACCOUNT_PAGE_TEXT = {
  profile: 'Mi perfil',
  profileTitle: 'Mi perfil · Boletería',
  ticketsTitle: `${SPEC_LABEL.myTickets} · Boletería`,
  noTickets: 'Todavía no tenés entradas. Cuando compres, van a aparecer acá y en tu correo.',
  seeEvents: 'Ver eventos',
} as const;
