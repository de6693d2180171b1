import { useState } from 'react';
import { SelectField, TextField } from '../../../components/ui/fields';
import { messageOf } from '../../../lib/api';
import { INVITATION_MAX_QUANTITY, INVITATIONS_UI_MSG as M } from '../../../shared/messages/invitations';
import { SEAT_INVITATION_TEXT as S } from '../../../shared/messages/seating';
import type { KeptSeatGroup } from '../../../shared/schemas/seating';
import { issueInvitation } from '../api/issue';
import type { InvitationsView } from '../types';
import { HeldGroupSelect } from './held-group-select';

const EMPTY = { name: '', email: '', dni: '', quantity: '1', tag: '' };

/** "Invitar a una persona": the guest, how many tickets of which type, and a tag. */
export function InvitationForm({
  eventId,
  types,
  onIssued,
}: {
  eventId: number;
  types: InvitationsView['ticket_types'];
  onIssued: (message: string) => void;
}) {
  const [guest, setGuest] = useState(EMPTY);
  const [typeId, setTypeId] = useState(types[0] ? String(types[0].id) : '');
  const [seats, setSeats] = useState('');
  const seated = types.find((t) => String(t.id) === typeId)?.seated ?? false;
  // A seated category names its seats (ids of the map) or, left empty, gets the best available ones.
  const seatIds = seats.split(/[\s,;]+/).filter(Boolean);
  const seatPick = !seated ? {} : seatIds.length > 0 ? { seat_ids: seatIds } : { best: true };
  // …taken from the seats held for a group (sponsors, RRPP, the box office) when one is chosen; '' sends none.
  const [heldGroup, setHeldGroup] = useState<KeptSeatGroup | ''>('');
  const heldPick = seated && heldGroup ? { held_group: heldGroup } : {};
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const field = (key: keyof typeof EMPTY) => ({
    value: guest[key],
    onValue: (value: string) => setGuest({ ...guest, [key]: value }),
  });

  return (
    <form
      className="grid gap-3 md:grid-cols-3"
      aria-label={M.inviteOne}
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        setError(null);
        try {
          const issued = await issueInvitation({
            event_id: eventId,
            ...guest,
            quantity: Number(guest.quantity),
            ticket_type: typeId,
            ...seatPick,
            ...heldPick,
          });
          onIssued(M.sent(guest.email, issued.tickets));
          setGuest({ ...EMPTY, tag: guest.tag });
          setSeats('');
        } catch (err) {
          setError(messageOf(err));
        } finally {
          setBusy(false);
        }
      }}
    >
      <TextField label={M.name} required autoComplete="off" {...field('name')} />
      <TextField label={M.email} type="email" required autoComplete="off" {...field('email')} />
      <TextField label={M.dni} inputMode="numeric" required {...field('dni')} />
      <SelectField label={M.ticket} required value={typeId} onValue={setTypeId}>
        {types.map((t) => (
          <option key={t.id} value={t.id}>
            {M.typeOption(t.name, t.available, Boolean(t.hidden))}
          </option>
        ))}
      </SelectField>
      <TextField
        label={M.quantity}
        type="number"
        min={1}
        max={INVITATION_MAX_QUANTITY}
        required
        {...field('quantity')}
      />
      <TextField label={M.tag} required placeholder={M.tagPlaceholder} {...field('tag')} />
      {seated && (
        <TextField
          label={S.seats}
          hint={S.seatsHint}
          autoComplete="off"
          className="font-mono"
          value={seats}
          onValue={setSeats}
        />
      )}
      {seated && <HeldGroupSelect hint={S.heldGroupHint} value={heldGroup} onValue={setHeldGroup} />}
      <div className="flex items-end gap-3 md:col-span-3">
        <button type="submit" className="btn btn-primary" disabled={busy || !typeId}>
          {M.send}
        </button>
        {error && (
          <p role="alert" className="text-sm text-error">
            {error}
          </p>
        )}
      </div>
    </form>
  );
}
