import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SPEC_MSG } from './messages/common';

/**
 * The product speaks Argentine voseo ("Revisá", "Elegí", "tu correo"). This scans every text a user can read
 * (the catalogues, .astro pages, .tsx islands, and the strings and template literals of .ts in src/ and
 * functions/: API messages, e-mails, PDFs) for usted forms. The only exemption is the spec block of the
 * catalogue: the seed spec's own texts, removed from the scan as exact strings, never by pattern.
 */
const ROOT = join(__dirname, '..', '..');
const SCANNED = ['src', 'functions'];

/** Usted forms: imperatives, "usted", "le enviamos", "su/sus" + what belongs to the reader. */
const USTED: RegExp[] = [
  /usted(?:es)?/,
  /ingrese/,
  /reg[ií]strese/,
  /revise/,
  /intente/,
  /presente/,
  /haga(?!\s+falta)/,
  /seleccione/,
  /elija/,
  /verifique/,
  /confirme/,
  /confírmel[oa]/,
  /[Cc]omplete\s+(?:los|el|la|las|nombre|sus|su|todos|este|esta)/,
  /espere/,
  /inicie/,
  /vuelva/,
  /abone/,
  /escr[ií]banos/,
  /contáctenos/,
  /comuníquese/,
  /ignore\s+(?:este|esta|el|la)/,
  /copie/,
  /[aá]bral[oa]/,
  /no\s+responda/,
  /por\s+registrarse/,
  /indique/,
  /agregue/,
  /aguarde/,
  /asegúrese/,
  /descargue/,
  /escriba/,
  /solicite/,
  /restablezca/,
  /act[ií]vel[oa]s?/,
  /recuerde/,
  /tenga\s+en\s+cuenta/,
  /p[oó]ngase/,
  /debe\s+(?:aceptar|ingresar|completar|elegir|seleccionar|revisar|iniciar|presentar|confirmar|verificar|esperar|pagar)/,
  /(?<!se\s)[Pp]uede\s+(?:intentar|ver|verlas|descargar|elegir|pagar|usar|transferir|cancelar|pedir)/,
  // "Puede cancelarlo.": an infinitive with its object pronoun, said to the reader ("No se puede…" is impersonal).
  /(?<!se\s)puede\s+[a-záéíóúñ]+[aeií]r(?:l[oa]s?|les?|me|nos)/,
  // Usted imperatives with a pronoun ("Cancélelo", "Inténtelo", "Descárguela"); voseo drops the accent ("Cancelalo").
  /(?:cancél|revís|descárgu|guárd|intént|verifíqu|complét|ús|compárt|imprím|muéstr|presént|ingrés|elíj|reenví|contáct|avís)[ae](?:l[oa]s?|nos|me)/,
  /por\s+favor,?\s+(?:ingrese|complete|intente|verifique|revise|espere|vuelva|inicie|confirme|elija|seleccione)/,
  /¿\s*(?:desea|está\s+segur[oa]|quiere\s+(?:continuar|eliminar|cancelar|salir))/,
  /[Ll]e\s+(?:enviamos|enviaremos|reenviamos|devolvimos|avisamos|avisaremos|recordamos|pedimos|escribimos)/,
  /[Ss]us?\s+(?:correo|cuenta|compras?|entradas?|contraseña|sesión|pago|reserva|navegador|perfil|conexión|banco|tickets?|dirección|datos|nombre|celular|teléfono|orden|pedido|tarjeta)/,
];
const PATTERN = new RegExp(`(?<!\\p{L})(?:${USTED.map((r) => r.source).join('|')})(?!\\p{L})`, 'iu');
/**
 * Opening a sentence these speak to the reader ("Debe aceptar…", "No tiene permisos…"); inside one they are
 * third person ("La capacidad debe ser…", "Tu cuenta no tiene permiso…").
 */
const SENTENCE_START =
  /(?<=(?:^|[.!?¿¡'"`>(:]\s*))(?:Debe|No tiene permisos?|Recibirá|Podrá|Necesita|Puede\s+\p{L}+[aeií]r(?:l[oa]s?|les?))\s/u;

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|tsx|astro)$/.test(entry.name) && !/\.(test|d)\.ts$/.test(entry.name)) yield path;
  }
}

/** Code comments are English notes for engineers (they may quote a phishing text, or the spec). */
function withoutComments(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/(^|[^:'"`\\])\/\/[^\n]*/g, '$1');
}

/** Each line of the file (comments dropped, spec texts removed as exact strings) that reads as usted. */
function ustedLines(text: string): string[] {
  let scanned = withoutComments(text);
  for (const spec of Object.values(SPEC_MSG)) scanned = scanned.replaceAll(spec, '');
  return scanned.split('\n').filter((line) => PATTERN.test(line) || SENTENCE_START.test(line));
}

describe('voseo everywhere', () => {
  it('no usted form in any user-facing text of src/ and functions/ outside the spec block', () => {
    const found: string[] = [];
    for (const dir of SCANNED) {
      for (const file of sourceFiles(join(ROOT, dir))) {
        for (const line of ustedLines(readFileSync(file, 'utf8')))
          found.push(`${relative(ROOT, file)}: ${line.trim()}`);
      }
    }
    expect(found).toEqual([]);
  });

  it.each([
    ['Reservamos sus entradas por 10:00'],
    ['Debe aceptar las condiciones'],
    ['Revise los datos marcados.'],
    ['Le enviaremos la entrada por correo.'],
    ['Ingrese (o regístrese) con el correo'],
    ['No puede transferirse una entrada a usted mismo.'],
    ['Presente el código QR en el ingreso'],
    ['Seleccione una provincia'],
    ['No se pudo guardar. Intente nuevamente.'],
    ['Haga clic acá'],
    ['No tiene permiso para validar entradas de este evento.'],
    ['El enlace está incompleto. Ábralo de nuevo desde el correo.'],
    ['Este es un mensaje automático; no responda a este correo.'],
    ['Gracias por registrarse en Boletería.'],
    ['También puede verlas en Mis tickets.'],
    ['Sus entradas para el show'],
    ['No se puede eliminar un evento con entradas vendidas. Puede cancelarlo.'],
    ['Puede descargarlas desde el correo.'],
    ['Ingrese su correo electrónico'],
    ['Por favor ingrese un correo válido'],
    ['Verifique su cuenta antes de continuar'],
    ['Contáctenos por correo'],
    ['Revise su cuenta'],
    ['Cancélelo desde el panel.'],
    ['Si falla, inténtelo de nuevo.'],
    ['¿Está seguro de eliminar el evento?'],
    ['¿Desea continuar?'],
    ['Podrá descargar las entradas desde el correo.'],
    ['Necesita iniciar sesión para comprar.'],
  ])('catches the usted in %s', (text) => {
    expect(ustedLines(`const t = '${text}';`)).toHaveLength(1);
  });

  it.each([
    ['Reservamos tus entradas por 10:00'],
    ['Revisá los datos marcados.'],
    ['La capacidad debe ser un número entero'],
    ['La entrada conserva su código QR'],
    ['No se puede eliminar el evento'],
    ['El evento fue cancelado: esta reserva ya no se puede pagar.'],
    ['Solo un evento publicado puede volver a borrador'],
    ['Tu cuenta no tiene permiso para ver esta sección.'],
    ['Cambiá los permisos cuando haga falta.'],
    ['Presentá el código QR en el ingreso'],
    ['No se puede eliminar un evento con entradas vendidas. Podés cancelarlo.'],
    ['No se puede cancelarlo después de la función.'],
    ['Cancelalo desde el panel.'],
    ['Si falla, intentalo de nuevo.'],
    ['La acreditación puede tardar unos minutos.'],
    ['Puede tardar unos minutos.'],
    ['Nadie más podrá entrar ni comprar por la fila.'],
    ['Cada función necesita al menos un tipo de entrada.'],
    ['¿Querés continuar?'],
  ])('lets the voseo or third person in %s pass', (text) => {
    expect(ustedLines(`const t = '${text}';`)).toEqual([]);
  });

  it('exempts the spec texts exactly, not by pattern', () => {
    expect(ustedLines(`const t = '${SPEC_MSG.loginUnverified}';`)).toEqual([]);
    expect(ustedLines(`const t = '${SPEC_MSG.recoverSuccess}';`)).toEqual([]);
    // The same words in another sentence are not the spec's: caught.
    expect(ustedLines("const t = 'Usuario bloqueado, revise su correo';")).toHaveLength(1);
  });
});
