/**
 * "el correo ya existe" -> "El Correo Ya Existe" (spec section 8: register errors are title-cased).
 * Only first letters change, so acronyms such as DNI stay as they are.
 */
export const titleCase = (text: string) =>
  text.replace(/(^|\s)(\p{Ll})/gu, (_, space: string, letter: string) => space + letter.toLocaleUpperCase('es-AR'));
