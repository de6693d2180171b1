import { config } from 'zod';
import { es } from 'zod/locales';

/**
 * Spanish default messages for every zod check that does not name its own (a number where text was
 * expected, an unknown enum value…). Imported for its effect by the API validator and the form hook,
 * so a user never reads zod's English.
 */
config(es());
