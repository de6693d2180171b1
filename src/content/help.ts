import { SHELL_TEXT, SPEC_LABEL } from '../shared/messages/common';

/** The questions of the help centre (CENTRO DE AYUDA > Asistencia), grouped by topic. */
export type HelpTopic = { title: string; questions: { q: string; a: string }[] };

export const HELP_TOPICS: HelpTopic[] = [
  {
    title: 'Compras y entradas',
    questions: [
      {
        q: '¿Dónde encuentro mis entradas?',
        a: 'Después de pagar te enviamos las entradas por correo electrónico. También están siempre en Mis tickets, con su código QR listo para mostrar en la puerta, aunque no tengas conexión si las descargaste antes.',
      },
      {
        q: 'Pagué pero no me llegó el correo',
        a: 'Revisá la carpeta de correo no deseado o promociones. Si el pago figura aprobado y no ves las entradas en Mis tickets después de unos minutos, escribinos a ayuda@boleteria.com.ar con tu número de orden.',
      },
      {
        q: '¿Qué es el cargo por servicio?',
        a: 'Es lo que cobra Boletería por la venta y emisión de las entradas. Se muestra separado del precio de la entrada antes de confirmar la compra, y se devuelve completo si revocás la compra o si el evento se cancela.',
      },
      {
        q: '¿Puedo usar la entrada si se la paso a otra persona?',
        a: 'Sí: quien muestre el código QR en la puerta ingresa. Cada código se valida una sola vez, así que no lo compartas públicamente. Algunas productoras pueden pedir DNI en el acceso; en ese caso lo indican en la página del evento.',
      },
    ],
  },
  {
    title: 'Devoluciones y cambios',
    questions: [
      {
        q: 'Me arrepentí de la compra, ¿qué hago?',
        a: 'Tenés 10 días corridos desde la compra para revocarla sin costo usando el Botón de arrepentimiento, al pie de cada página. Te enviamos un código de tu solicitud dentro de las 24 horas y te devolvemos el total por el mismo medio de pago.',
      },
      {
        q: '¿Qué pasa si el evento se cancela o cambia de fecha?',
        a: 'Si se cancela, te devolvemos el total sin que tengas que pedirlo. Si se reprograma, tu entrada sirve para la nueva fecha; si no podés ir, podés pedir el reintegro dentro de los 30 días del anuncio.',
      },
    ],
  },
  {
    title: 'Tu cuenta',
    questions: [
      {
        q: 'No recuerdo mi contraseña',
        a: 'En Iniciar Sesión elegí "Olvide mi contraseña" e ingresá tu correo: te enviamos un enlace para crear una nueva.',
      },
      {
        q: 'No me llegó el correo de verificación',
        a: 'Revisá el correo no deseado. La cuenta se activa al abrir el enlace del correo; hasta entonces no vas a poder iniciar sesión.',
      },
      {
        q: '¿Cómo cambio mi correo o mis datos?',
        a: 'Desde Perfil podés actualizar tus datos, cambiar la contraseña y pedir el cambio de correo electrónico, que se confirma desde la nueva dirección.',
      },
    ],
  },
  {
    title: 'Productoras',
    questions: [
      {
        q: '¿Cómo publico mi evento?',
        a: 'Con tu cuenta iniciada, elegí Nuevo Evento (o Crea tu evento) y completá los datos de la función, la sede y los tipos de entrada. Desde el Panel de Control seguís las ventas y validás las entradas en la puerta.',
      },
      {
        q: '¿Cómo controlo el acceso en la puerta?',
        a: 'Sumá a tu equipo como colaboradores: con sus propias cuentas pueden abrir Control de Acceso en el teléfono y escanear los códigos QR. Cada entrada se valida una sola vez.',
      },
    ],
  },
];

/** The page around the questions (/ayuda): its heading, introduction and contact cards. */
export const HELP_PAGE = {
  title: 'Asistencia',
  description: 'Centro de Ayuda de Boletería: compras, entradas, devoluciones, tu cuenta y productoras.',
  kicker: SPEC_LABEL.helpCenter.toUpperCase(),
  heading: 'Asistencia',
  intro: 'Respuestas rápidas a lo que más nos preguntan. Si no encontrás lo que buscás, escribinos y te ayudamos.',
  contact: 'Contacto',
  writeUs: 'Escribinos',
  writeUsHint: 'ayuda@boleteria.com.ar · respondemos en 48 h hábiles',
  myTickets: SPEC_LABEL.myTickets,
  myTicketsHint: 'Tus entradas y sus códigos QR',
  withdrawal: SHELL_TEXT.withdrawal,
  withdrawalHint: 'Revocá una compra dentro de los 10 días',
} as const;
