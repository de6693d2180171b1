import { useStore } from '@nanostores/react';
import { formatEventDate, localInputToIso } from '../../../../shared/dates';
import { mediaUrl } from '../../../../shared/media';
import { EVENT_FORM_TEXT } from '../../../../shared/messages/events';
import { formatPrice, pesosToCents } from '../../../../shared/money';
import { renderMarkdown } from '../../lib/markdown';
import type { Wizard } from '../../stores/wizard';

/** Step 5: the event as its page will show it. */
export function WizardPreview({ wizard }: { wizard: Wizard }) {
  const form = useStore(wizard.$form);
  return (
    <article className="flex flex-col gap-4">
      {form.cover_key && (
        <img src={mediaUrl(form.cover_key)} alt="" className="aspect-video w-full rounded-box object-cover" />
      )}
      <p className="badge badge-secondary">{form.category || EVENT_FORM_TEXT.noCategory}</p>
      <h3 className="text-3xl font-extrabold">{form.title || EVENT_FORM_TEXT.untitled}</h3>
      <p>
        {form.venue.name} · {form.venue.address} · {form.venue.city}
      </p>
      <ul>
        {form.dates.map((d, i) => {
          const iso = localInputToIso(d.starts_at);
          return (
            <li key={d.id ?? `n${i}`} className="mb-2">
              <p className="font-semibold">{iso ? formatEventDate(iso) : EVENT_FORM_TEXT.noDate}</p>
              <ul className="ml-4 text-sm">
                {d.ticket_types.map((t, k) => {
                  const cents = pesosToCents(t.price);
                  return (
                    <li key={t.id ?? `n${k}`}>
                      {t.name}: {cents === null ? EVENT_FORM_TEXT.noPrice : formatPrice(cents)} ·{' '}
                      {EVENT_FORM_TEXT.places(t.capacity || 0, !!t.hidden)}
                    </li>
                  );
                })}
              </ul>
            </li>
          );
        })}
      </ul>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: renderMarkdown escapes all HTML first, as on the public page. */}
      <div className="flex flex-col gap-3" dangerouslySetInnerHTML={{ __html: renderMarkdown(form.description) }} />
    </article>
  );
}
