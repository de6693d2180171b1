import { SPEC_LABEL } from './messages';
import { DOOR_TEXT } from './messages-door';

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
  events: { title: SPEC_LABEL.events },
  finance: {
    title: SPEC_LABEL.finance,
    heading: SPEC_LABEL.finance,
    intro:
      'Lo cobrado, las comisiones, los reembolsos y lo que le corresponde a tu productora, con la conciliación de pagos.',
  },
  invitations: {
    title: SPEC_LABEL.invitations,
    heading: SPEC_LABEL.invitations,
    intro:
      'Entradas de cortesía para prensa, artistas e invitados: sin cargo, con su código QR por e-mail, y seguí cuáles se abrieron y se usaron en la puerta.',
  },
  scanner: { title: DOOR_TEXT.scanner },
} as const;

/** /admin/configurations and the MercadoPago link's return page. */
export const CONFIG_PAGE_TEXT = {
  intro: 'Los datos de tu productora, cómo cobrás y las preferencias de venta.',
  producer: 'Productora',
  show: 'Ver',
  publicProfile: 'Perfil público',
  noProducer: 'No administrás ninguna productora',
  noProducerHint:
    'Cuando administres una productora, acá vas a completar los datos fiscales, la cuenta de cobro y las preferencias de venta.',
  platform: 'Plataforma',
  producers: 'Productoras',
  linked: 'Listo: vinculaste tu cuenta de MercadoPago.',
  notAuthorized: 'No autorizaste la vinculación en MercadoPago.',
  linkTitle: 'Vincular MercadoPago',
  backToSettings: `Volver a ${SPEC_LABEL.settings}`,
} as const;

/** /nuevo (the wizard's page). */
export const NEW_EVENT_PAGE_TEXT = {
  newTitle: 'Nuevo evento',
  editTitle: 'Editar evento',
  heading: 'Crear un evento',
  intro: 'Completá los pasos; podés guardar un borrador en cualquier momento.',
} as const;
