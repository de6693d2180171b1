import { SPEC_LABEL } from './messages';

/** The back-office pages' titles, headings and introductions (voseo); the spec's own names are SPEC_LABEL's. */
export const ADMIN_PAGE_TEXT = {
  dashboard: {
    title: SPEC_LABEL.controlPanel,
    heading: SPEC_LABEL.controlPanel,
    intro: 'Las ventas de tu productora en vivo: cifras del período, ventas en el tiempo, ocupación e ingresos.',
  },
  tickets: {
    title: SPEC_LABEL.tickets,
    heading: 'Tickets y órdenes',
    intro: 'Buscá por comprador, e-mail, DNI, número de orden o código de entrada; reenviá, reembolsá y exportá.',
  },
  accessControl: {
    title: SPEC_LABEL.accessControl,
    heading: SPEC_LABEL.accessControl,
    intro: 'Seguí los ingresos de cada evento, sus listas y puertas, y abrí el escáner.',
  },
  collaborators: {
    title: SPEC_LABEL.collaborators,
    heading: SPEC_LABEL.collaborators,
    intro:
      'Invitá a tu equipo por correo con el rol que necesita (administración, boletería, control de acceso o análisis), limitalo a algunos eventos si querés, y cambiá o quitá permisos cuando haga falta: el cambio vale desde su próxima acción.',
  },
} as const;
