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

/** The account pages reached from an e-mail's link (their forms are islands with their own words). */
export const AUTH_PAGE_TEXT = {
  loginTitle: `${SPEC_LABEL.login} · Boletería`,
  registerTitle: `${SPEC_LABEL.signUp} · Boletería`,
  restoreTitle: 'Restablecer contraseña · Boletería',
  restoreHeading: 'Restablecer contraseña',
  verifyTitle: 'Verificación de correo · Boletería',
  verifyHeading: 'Verificación de correo',
  changeEmailTitle: 'Confirmación de correo · Boletería',
  changeEmailHeading: 'Confirmación del nuevo correo',
} as const;

/** /productoras and /productoras/{slug}. */
export const PRODUCER_PAGE_TEXT = {
  title: 'Productoras',
  description: 'Las productoras que venden entradas en Boletería.',
  search: 'Buscar productoras',
  searchOne: 'Buscar productora',
  searchPlaceholder: 'Nombre, ciudad o provincia',
  searchButton: 'Buscar',
  noneFound: (q: string) => (q ? `No encontramos productoras para "${q}".` : 'No encontramos productoras.'),
  upcomingCount: (n: number) =>
    n === 0 ? 'Sin eventos próximos' : n === 1 ? '1 evento próximo' : `${n} eventos próximos`,
  website: 'Sitio web',
  notFound: 'Productora no encontrada',
  seeProducers: 'Ver productoras',
  logoAlt: (name: string) => `Logo de ${name}`,
  upcoming: 'Próximos eventos',
  noUpcoming: 'No hay eventos próximos por ahora.',
  past: 'Eventos pasados',
  noPast: 'Todavía no hay eventos pasados.',
} as const;
