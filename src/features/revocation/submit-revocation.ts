import { sendMail } from '../../../functions/mail/port';
import { RevocationRequestSchema, revocationCode } from '../../shared/schemas/revocation';

/** The refunds desk that receives every revocation request. */
export const REVOCATION_DESK = 'devoluciones@boleteria.com.ar';

export type RevocationOutcome = {
  status: number;
  values: Record<string, string>;
  errors: Record<string, string>;
  /** The identification code, once the request was recorded. */
  code: string;
  /** True when the request could not be mailed (the buyer must try again). */
  failed: boolean;
};

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Handles a "Botón de arrepentimiento" form post: validates it, then e-mails the request to the refunds
 * desk and the identification code to the buyer (Resolución 424/2020, art. 3).
 */
export async function submitRevocation(env: Env, form: FormData): Promise<RevocationOutcome> {
  const values = Object.fromEntries([...form].map(([k, v]) => [k, String(v)]));
  const parsed = RevocationRequestSchema.safeParse(values);
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
    return { status: 400, values, errors, code: '', failed: false };
  }
  const r = parsed.data;
  const code = revocationCode();
  const lines = [
    `Código de solicitud: ${code}`,
    `Nombre: ${r.name}`,
    `DNI: ${r.dni}`,
    `Correo: ${r.email}`,
    `Orden: ${r.order}`,
    `Motivo: ${r.reason || '(no indicado)'}`,
  ];
  const html = (intro: string) =>
    `<p>${escapeHtml(intro)}</p><ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`;
  const buyerIntro = `Recibimos su solicitud de revocación de la compra ${r.order}. Le avisaremos por este medio cuando se inicie el reintegro, que se hace por el mismo medio de pago.`;
  try {
    await sendMail(env, {
      to: r.email,
      subject: `Solicitud de arrepentimiento ${code}`,
      html: html(buyerIntro),
      text: `${buyerIntro}\n\n${lines.join('\n')}`,
    });
    await sendMail(env, {
      to: REVOCATION_DESK,
      subject: `Nueva solicitud de arrepentimiento ${code} (orden ${r.order})`,
      html: html('Un comprador pidió revocar una compra con el Botón de arrepentimiento.'),
      text: lines.join('\n'),
    });
  } catch (error) {
    console.error('revocation request could not be mailed', error);
    return { status: 503, values, errors: {}, code: '', failed: true };
  }
  return { status: 200, values, errors: {}, code, failed: false };
}
