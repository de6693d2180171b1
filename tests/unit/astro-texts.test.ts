import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inlineTexts } from './support/astro-texts';

/** The rule and its reasons are in ./support/astro-texts.ts; this holds every .astro of src/ to it. */
const ROOT = join(__dirname, '..', '..');

function* astroFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* astroFiles(path);
    else if (entry.name.endsWith('.astro')) yield path;
  }
}

describe('page and component texts come from the catalogue', () => {
  it('no .astro under src/ writes a user-visible Spanish literal', () => {
    const found: string[] = [];
    for (const path of astroFiles(join(ROOT, 'src'))) {
      const name = relative(ROOT, path).replaceAll('\\', '/');
      for (const hit of inlineTexts(readFileSync(path, 'utf8'))) found.push(`${name}:${hit}`);
    }
    expect(found).toEqual([]);
  });

  // Template literals build `${…}` placeholders so that this file holds no template-looking plain string.
  it.each([
    ['<h1>Eventos</h1>', 'Eventos'],
    ['<li class="menu-title">CUENTA</li>', 'CUENTA'],
    ['<title>Mis tickets · Boletería</title>', 'Mis tickets'],
    ['<a href="/">Volver al inicio</a>', 'Volver al inicio'],
    ['<p>{count} {count === 1 ? "entrada" : "entradas"}</p>', 'entrada'],
    ['<nav aria-label="Paginación"></nav>', 'Paginación'],
    ['<PublicLayout title="Ayuda"></PublicLayout>', 'Ayuda'],
    ['<meta name="description" content="Entradas para recitales" />', 'Entradas para recitales'],
    [`<img alt={\`Foto de ${'$'}{name}\`} />`, 'Foto de'],
    ['<p set:text={error ?? "No pudimos cargar"} />', 'No pudimos cargar'],
    ['---\nconst pageTitle = "Eventos";\n---\n<h1>{pageTitle}</h1>', 'Eventos'],
    ['---\nconst steps = [{ label: "Elegí" }];\n---\n<p />', 'Elegí'],
    [`---\nconst lead = \`Compras de ${'$'}{day}\`;\n---\n<p>{lead}</p>`, 'Compras de'],
    [`---\nconst price = free ? "Gratis" : \`Desde ${'$'}{money}\`;\n---\n<p>{price}</p>`, 'Gratis'],
    ['---\nconst note = "Boletería";\n---\n<p>{note}</p>', 'Boletería'],
    ['<script>\n  button.textContent = "Copiado";\n</script>', 'Copiado'],
    ['<script>\n  el.title = ok ? "Enlace copiado" : "No se pudo copiar";\n</script>', 'Enlace copiado'],
    ['<Fragment>{open && <p>Venta abierta</p>}</Fragment>', 'Venta abierta'],
  ])('catches %s', (astro, text) => {
    const hits = inlineTexts(astro);
    expect(hits.length).toBeGreaterThanOrEqual(1);
    expect(hits.join('\n')).toContain(text);
  });

  it.each([
    ['---\nimport { EVENT_PAGE_TEXT as T } from "../shared/messages/events";\n---\n<h1>{T.title}</h1>'],
    ['<div class="flex items-center gap-2" data-card="title"></div>'],
    ['---\nconst cls = ok ? "btn btn-primary" : "btn btn-ghost";\n---\n<a class={cls} href="/eventos?page=2"></a>'],
    ['<span>{count} · {formatMoney(total)}</span>'],
    ['<a href="https://wa.me/">WhatsApp</a>'],
    ['<span aria-hidden="true">×</span>'],
    ['<td>DNI</td><td>PDF</td><td>SHA-256</td>'],
    ['<meta name="viewport" content="width=device-width, initial-scale=1" /><meta name="robots" content="noindex" />'],
    ['---\nconsole.error("Queue of the event page", error);\n---\n<p />'],
    ['<style>\n  .hero { content: "Hola mundo"; }\n</style>'],
    [`---\nif (!doc) throw new Error(\`Missing legal text ${'$'}{section}\`);\n---\n<p />`],
    ['---\nconst data = { "@type": "Event", status: "https://schema.org/EventScheduled" };\n---\n<p />'],
    ['<script>\n  document.querySelector("[data-share-copy]")?.addEventListener("click", () => {});\n</script>'],
    [`---\nconst { id } = Astro.params;\nconst res = await api.get(\`/events/${'$'}{id}/queue\`);\n---\n<p />`],
  ])('lets %s pass', (astro) => {
    expect(inlineTexts(astro)).toEqual([]);
  });
});
