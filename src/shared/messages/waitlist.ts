/**
 * The waiting list: signing up, offers, and the e-mail when an offer passes to the next person (voseo).
 */

/** The waiting list: an offer that was not answered in time passed to the next person (issue 22). */
export const MAIL_WAITLIST_EXPIRED = {
  subject: (event: string) => `Venció tu reserva de la lista de espera de ${event}`,
  title: 'Venció tu reserva',
  preheader: (event: string) => `La reserva de la lista de espera de ${event} pasó a la siguiente persona.`,
  body: (quantity: number, type: string, event: string) =>
    quantity === 1
      ? `Te habíamos reservado 1 entrada ${type} para ${event}, pero no completaste la compra a tiempo.`
      : `Te habíamos reservado ${quantity} entradas ${type} para ${event}, pero no completaste la compra a tiempo.`,
  passed: 'La reserva pasó a la siguiente persona de la lista de espera y saliste de la lista.',
  again: 'Si todavía querés ir, mirá si quedan entradas o volvé a anotarte en la lista de espera.',
  cta: 'Ver el evento',
} as const;

/** The waiting list of a sold-out ticket type. */
export const WAITLIST_MSG = {
  join: 'Anotarme en la lista de espera',
  joinTitle: 'Lista de espera',
  joinHint: 'Si se liberan entradas, te las ofrecemos por correo en orden de llegada.',
  quantity: 'Cantidad de entradas',
  acceptFewer: 'Acepto menos',
  joined: (position: number) => `Estás en la lista de espera. Tu lugar: ${position}.`,
  position: (position: number) => `Tu lugar en la lista de espera: ${position}.`,
  offered: 'Se liberaron entradas para vos: completá la compra antes de que venza la oferta.',
  twice: 'Ya estás en la lista de espera de este evento.',
  dniTwice: 'Ya hay una persona anotada con tu DNI en la lista de espera de este evento.',
  available: (name: string) => `Todavía quedan entradas de ${name}: comprálas directamente.`,
  noDni: 'Para anotarte en la lista de espera necesitás tener tu DNI cargado en tu perfil.',
  unknownType: 'La entrada elegida no es de este evento.',
  closed: 'La venta de este evento está cerrada.',
  quantityMax: (max: number) => `Podés pedir entre 1 y ${max} entradas.`,
  loginFirst: 'Ingresá a tu cuenta para anotarte en la lista de espera.',
  left: 'Saliste de la lista de espera.',
  notIn: 'No estás en la lista de espera de este evento.',
  demand: (n: number) => `Podrías vender ${n} más.`,
  offerMinutes: 'La oferta dura entre 10 y 1440 minutos.',
  noAccess: 'No tenés permiso para ver la lista de espera de este evento.',
  mailSubject: (event: string) => `Se liberaron entradas para ${event}`,
  mailTitle: 'Se liberaron entradas para vos',
  mailBody: (quantity: number, type: string, event: string) =>
    quantity === 1
      ? `Estabas en la lista de espera: te reservamos 1 entrada ${type} para ${event}.`
      : `Estabas en la lista de espera: te reservamos ${quantity} entradas ${type} para ${event}.`,
  /** A seated offer's seats (issue 33), in the map's words ("Platea, fila A, butaca 1"). */
  mailSeats: (seats: string[]) =>
    seats.length === 1 ? `Tu ubicación: ${seats[0]}.` : `Tus ubicaciones: ${seats.join('; ')}.`,
  mailExpiry: (when: string) => `La reserva vence el ${when}. Después pasa a la siguiente persona de la lista.`,
  mailCta: 'Completar la compra',
  queueClosed: 'Se agotaron las entradas. Anotate en la lista de espera y te avisamos si se liberan.',
  queueRunning:
    'Esta venta tiene fila: la lista de espera abre cuando cierre la fila. Mientras tanto, las entradas que se liberan son para la fila.',
} as const;

/** The waitlist island (voseo). */
export const WAITLIST_TEXT = {
  ticketType: 'Entrada',
} as const;
