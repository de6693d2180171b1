import type { ScanResult } from '../checkin';

/**
 * Check-in at the door: the scanner, the door's lists and answers (voseo).
 */

/** The door: scanner, search, setup and status, and the access-control overview (voseo). */
export const DOOR_TEXT = {
  today: 'Hoy · ',
  noEvents: 'No tenés eventos para controlar.',
  event: 'Evento',
  openScanner: 'Abrir escáner en pantalla completa',
  entries: 'Ingresos',
  admitted: 'Ingresaron',
  toCome: 'Falta entrar',
  offlineConflicts: 'Conflictos sin conexión',
  entriesOverTime: 'Ingresos en el tiempo',
  conflicts: 'Conflictos',
  conflictsHint: 'Entradas que un equipo sin conexión dejó pasar y que ya habían entrado por otra puerta.',
  latestScans: 'Últimos escaneos',
  time: 'Hora',
  result: 'Resultado',
  holder: 'Titular',
  gate: 'Puerta',
  list: 'Lista',
  scannedBy: 'Escaneó',
  offlineBadge: 'sin conexión',
  noScans: 'Todavía no hay escaneos.',
  lists: 'Listas',
  allTickets: 'todas las entradas',
  reentry: '· con reingreso',
  edit: 'Editar',
  addList: 'Agregar lista',
  listName: 'Nombre de la lista',
  listTypes: 'Entradas que admite (ninguna marcada: todas)',
  allowReentry: 'Permitir salir y volver a entrar',
  saveList: 'Guardar lista',
  cancel: 'Cancelar',
  gates: 'Puertas',
  rename: 'Renombrar',
  addGate: 'Agregar puerta',
  gateName: 'Nombre de la puerta',
  saveGate: 'Guardar puerta',
  signInToScan: 'Iniciá sesión para usar el escáner.',
  noEventsAskProducer: 'No tenés eventos para controlar. Pedile acceso a la productora.',
  ticketCode: 'Código de la entrada',
  codePlaceholder: 'Escribí, pegá o leé el código (o el corto: K7M2-9QXD)',
  validate: 'Validar',
  search: 'Buscar',
  entryMode: 'Modo ingreso',
  exitMode: 'Modo salida',
  torchOff: 'Apagar linterna',
  torchOn: 'Encender linterna',
  searchTicket: 'Buscar entrada',
  searchLabel: 'Buscar por nombre, DNI, correo, código u orden',
  searchPlaceholder: 'Nombre, DNI, correo o código',
  close: 'Cerrar',
  undoEntry: 'Deshacer ingreso',
  alreadyIn: 'Ya entró',
  notValid: 'No válida',
  admit: 'Registrar ingreso',
  noResults: 'No encontramos entradas.',
  scanner: 'Escáner de entradas',
  startScanning: 'Empezar a escanear',
  downloading: 'Descargando entradas…',
  online: 'En línea',
  offline: 'Sin conexión',
  counters: 'Contadores',
  nobodyYet: 'Todavía no entró nadie.',
  askDni: 'Pedí el DNI:',
  validatedOffline: 'Validada sin conexión',
  tapToContinue: 'Tocá para seguir escaneando',
  pendingScans: (n: number) => (n === 1 ? '1 escaneo por sincronizar' : `${n} escaneos por sincronizar`),
  entriesChart: (total: number, max: number) =>
    `Ingresos por minuto: ${total} en total, como máximo ${max} en un minuto`,
  conflict: (
    first: { gate: string; at: string; staff: string | null },
    then: { gate: string; at: string; staff: string | null; device: string | null },
  ) =>
    `: primero por ${first.gate} a las ${first.at} (${first.staff}); después por ${then.gate} a las ${then.at} (${then.staff}, ${then.device})`,
  conflictBadge: 'conflicto',
  gateAdmitted: (n: number) => `${n} ingresos`,
  searchDetail: (dni: string | null, order: string) => `${dni ? ` · DNI ${dni}` : ''} · orden ${order}`,
  /** The short code on each result, for staff to check with the person (issue 32). */
  searchCode: (code: string) => `Código ${code}`,
  searching: 'Buscando…',
  /** Offline, the download has no e-mails, and DNIs only with "DNI en la puerta". */
  searchNeedsNetwork: 'Sin conexión: por DNI o correo se busca con red. Probá con el nombre o el código corto.',
  firstEntry: (at: string, gate: string | null, staff: string | null) =>
    `Entró a las ${at}${gate ? ` por ${gate}` : ''}${staff ? ` (escaneó ${staff})` : ''}`,
  entriesCaption: (max: number) => `Ingresos por minuto (máximo ${max})`,
  cameraFailed: 'No pudimos abrir la cámara. Revisá el permiso, o escribí o pegá el código abajo.',
  gatePlaceholder: 'Puerta 2',
  /** The screen reader's line for a "ya usada" card: where the first entry came in. */
  enteredBy: (gate: string | null) => `Entró por ${gate ?? 'otra puerta'}`,
  offlineConflictsToast: (n: number) =>
    `${n === 1 ? 'Una entrada' : `${n} entradas`} que se validaron sin conexión ya habían entrado por otra puerta: quedó registrado para revisar.`,
  offlineWithoutData: 'Sin conexión y sin los datos del evento: conectate un momento para descargarlos.',
  searchOffline: 'Sin conexión: escaneá el código, que funciona sin red.',
  undoFailed: 'No se pudo deshacer.',
  /** The name a scanning device gets until staff rename it; the suffix is random so two phones differ. */
  defaultDevice: (suffix: string) => `Equipo ${suffix}`,
} as const;

/** The API's answers at the door: permissions, lists and gates, undo, and codes that are not tickets. */
export const CHECKIN_MSG = {
  noPermission: 'No tenés permiso para controlar el acceso de este evento.',
  noManage: 'No tenés permiso para cambiar las listas y puertas de este evento.',
  unknownList: 'La lista no existe en este evento.',
  unknownGate: 'La puerta no existe en este evento.',
  undoExpired: 'Ya no se puede deshacer: pasó el tiempo o no fuiste vos quien lo registró.',
  undoDone: 'Ingreso anulado.',
  nonceReused: 'Ese identificador de escaneo ya se usó para otra entrada u otra acción. Volvé a escanear.',
  foreignTypes: 'Elegí tipos de entrada de este evento.',
  codeInvalid: 'Código inválido',
  codeForged: 'Código falso o dañado',
  noValidate: 'No tenés permiso para validar entradas de este evento.',
  noRevocations: 'No tenés permiso para ver la lista de revocaciones.',
  listCreated: 'Lista creada.',
  listSaved: 'Lista guardada.',
  gateCreated: 'Puerta creada.',
  gateSaved: 'Puerta guardada.',
  /** A scan or sync the server did not answer in time (the door retries it). */
  timeout: 'Sin respuesta a tiempo',
} as const;

export const SCAN_LABEL: Record<ScanResult, string> = {
  admitted: 'Entrada válida',
  exited: 'Salida registrada',
  undone: 'Ingreso anulado',
  used: 'Entrada ya usada',
  cancelled: 'Entrada cancelada',
  revoked: 'Entrada revocada',
  other_event: 'Es de otro evento',
  unpaid: 'Entrada no pagada',
  forged: 'Código inválido',
  wrong_list: 'No corresponde a esta lista',
  not_inside: 'No figura adentro',
  in_process: 'Entrada en trámite',
};

/** Why a refusal happened, one line under the big label. */
export const SCAN_REASON: Partial<Record<ScanResult, string>> = {
  cancelled: 'La entrada fue cancelada (reembolso o baja).',
  revoked: 'La entrada fue transferida: vale la nueva, no esta.',
  other_event: 'El código es de otro evento.',
  unpaid: 'La orden de esta entrada no está pagada.',
  forged: 'Código falso o dañado.',
  wrong_list: 'Este tipo de entrada no entra por esta lista.',
  not_inside: 'No se puede registrar la salida de alguien que no entró.',
  in_process:
    'Se está transfiriendo, reembolsando o revendiendo en este momento. Esperá unos segundos y volvé a escanear.',
};

/** The checks of src/shared/schemas/checkin.ts (API and forms). */
export const CHECKIN_FIELD_MSG = {
  nonce: 'Falta el identificador del escaneo',
  nonceInvalid: 'Identificador de escaneo inválido',
  deviceMax: 'Nombre de dispositivo demasiado largo',
  clientAt: 'Hora del dispositivo inválida',
  listId: 'Lista inválida',
  gateId: 'Puerta inválida',
  kind: 'Tipo de escaneo inválido',
  ticketId: 'Entrada inválida',
  q: 'Escribí qué buscar',
  qMin: 'Escribí al menos 2 letras o números',
  qMax: 'La búsqueda es demasiado larga',
  scanId: 'Escaneo inválido',
  scansCheck: 'Cada escaneo necesita un código o una entrada',
  scansMin: 'No hay escaneos para enviar',
  scansMax: (max: number) => `Se envían hasta ${max} escaneos por vez`,
  name: 'Poné un nombre',
  nameMax: 'Nombre demasiado largo',
  typeId: 'Tipo de entrada inválido',
} as const;
