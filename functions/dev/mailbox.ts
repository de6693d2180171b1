import { Hono } from 'hono';
import { html } from 'hono/html';

type Row = {
  id: number;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  links: string;
  created_at: string;
};

const toJson = (row: Row) => ({
  to: row.to_address,
  subject: row.subject,
  html: row.html,
  text: row.text,
  links: JSON.parse(row.links) as string[],
  created_at: row.created_at,
});

async function messages(db: D1Database, to: string | undefined) {
  const sql = to
    ? db.prepare('select * from dev_mail where to_address = ? order by id desc limit 200').bind(to.toLowerCase())
    : db.prepare('select * from dev_mail order by id desc limit 200');
  return (await sql.all<Row>()).results;
}

/** The development mailbox: what the mail port delivered while DEV_MODE is set, newest first. */
export const mailbox = new Hono<{ Bindings: Env }>()
  .get('/correo.json', async (c) => c.json((await messages(c.env.DB, c.req.query('to'))).map(toJson)))
  .get('/correo', async (c) => {
    const rows = await messages(c.env.DB, c.req.query('to'));
    return c.html(html`<!doctype html>
<html lang="es-AR">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Correo de desarrollo · Boletería</title>
    <style>
      body { font-family: system-ui, sans-serif; background: #0f1117; color: #e6e6ef; margin: 0; padding: 1.5rem; }
      h1 { font-size: 1.4rem; } article { border: 1px solid #2a2d3a; border-radius: 12px; margin: 1rem 0; overflow: hidden; }
      header { padding: .75rem 1rem; background: #181b25; } small { color: #9aa0b4; }
      iframe { width: 100%; height: 420px; border: 0; background: #fff; }
    </style>
  </head>
  <body>
    <h1>Correo de desarrollo</h1>
    <p><small>Mensajes enviados por la aplicación en modo desarrollo, del más nuevo al más viejo.</small></p>
    ${rows.length === 0 ? html`<p>No hay mensajes.</p>` : ''}
    ${rows.map(
      (row) => html`<article>
        <header><strong>${row.subject}</strong><br /><small>Para: ${row.to_address} · ${row.created_at}</small></header>
        <iframe title="${row.subject}" sandbox="" srcdoc="${row.html}"></iframe>
      </article>`,
    )}
  </body>
</html>`);
  });
