import { useState } from 'react';
import { ScrollRegion } from '../../../components/scroll-region';
import { DataTable } from '../../../components/ui/data-table';
import { TextField } from '../../../components/ui/fields';
import { messageOf } from '../../../lib/api';
import { INVITATIONS_UI_MSG as M } from '../../../shared/messages/invitations';
import { setTagQuota } from '../api/quota';
import type { TagView } from '../types';

/**
 * Per tag: invitations sent, opened, tickets used at the door, and its optional quota (editable). Below
 * 640 px each row is a card headed by the tag, with its quota (the tag's state) in view.
 */
export function TagSummary({
  eventId,
  tags,
  onChanged,
}: {
  eventId: number;
  tags: TagView[];
  onChanged: (message?: string) => void;
}) {
  const [tag, setTag] = useState('');
  const [quota, setQuota] = useState('');
  const [error, setError] = useState<string | null>(null);

  return (
    <div className="flex flex-col gap-4">
      {tags.length === 0 ? (
        <p className="text-muted">{M.noTags}</p>
      ) : (
        <ScrollRegion label={M.tagsTable}>
          <DataTable
            className="table table-cards"
            columns={[M.tag, M.tagInvitations, M.tagSent, M.tagTickets, M.tagOpened, M.tagUsed, M.tagQuota]}
            label={M.tagsTable}
          >
            {tags.map((t) => (
              <tr key={t.tag}>
                <td data-card="title" className="font-semibold">
                  {t.tag}
                </td>
                <td data-label={M.tagInvitations}>{t.invitations}</td>
                <td data-label={M.tagSent}>{t.sent}</td>
                <td data-label={M.tagTickets}>{t.tickets}</td>
                <td data-label={M.tagOpened}>{t.opened}</td>
                <td data-label={M.tagUsed}>{t.used}</td>
                <td data-label={M.tagQuota}>{t.quota === null ? M.noLimit : M.quotaOf(t.tickets, t.quota)}</td>
              </tr>
            ))}
          </DataTable>
        </ScrollRegion>
      )}
      <form
        className="flex flex-wrap items-end gap-3"
        aria-label={M.quotaForm}
        onSubmit={async (e) => {
          e.preventDefault();
          setError(null);
          try {
            await setTagQuota(eventId, tag, quota.trim() === '' ? null : Number(quota));
            setTag('');
            setQuota('');
            onChanged(M.quotaSaved(tag));
          } catch (err) {
            setError(messageOf(err));
          }
        }}
      >
        <TextField label={M.tag} required value={tag} onValue={setTag} />
        <TextField label={M.quotaField} type="number" min={0} value={quota} onValue={setQuota} />
        <button type="submit" className="btn btn-outline">
          {M.saveQuota}
        </button>
        {error && (
          <p role="alert" className="text-sm text-error">
            {error}
          </p>
        )}
      </form>
    </div>
  );
}
