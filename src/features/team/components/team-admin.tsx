import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/ui/alert';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable } from '../../../components/ui/data-table';
import { CheckboxField, SelectField, TextField } from '../../../components/ui/fields';
import { LoadState } from '../../../components/ui/load-state';
import { useData } from '../../../components/ui/use-data';
import { messageOf } from '../../../lib/api';
import { formatEventDate } from '../../../shared/dates';
import { MEMBER_ROLE_HINT, MEMBER_ROLE_LABEL, TEAM_TEXT, TEAM_UI_MSG } from '../../../shared/messages/team';
import { MEMBER_ROLES, type MemberRole } from '../../../shared/roles';
import { $session } from '../../../stores/session';
import { toast } from '../../../stores/toast';
import { resendInvitation, revokeInvitation, sendInvitation } from '../api/invitations';
import { removeMember, updateMember } from '../api/members';
import { fetchProducerEvents, fetchTeam } from '../api/team';
import type { TeamInvitation, TeamMember } from '../types';

type EventOption = { id: number; title: string };

/** Runs a row's action: its message as a toast, then the list reloads; a refusal as an error toast. */
const actionOf = (onChanged: () => void) => async (work: () => Promise<{ message?: string }>) => {
  try {
    const answer = await work();
    if (answer.message) toast('success', answer.message);
    onChanged();
  } catch (err) {
    toast('error', messageOf(err));
  }
};

/** "hace 5 min", "hace 3 h", or the date: when the member last used the back office or the scanner. */
function lastSeen(iso: string | null): string {
  if (!iso) return TEAM_TEXT.neverSeen;
  const minutes = Math.round((Date.now() - new Date(iso).getTime()) / 60_000);
  if (minutes < 2) return TEAM_TEXT.now;
  if (minutes < 60) return TEAM_TEXT.minutesAgo(minutes);
  if (minutes < 24 * 60) return TEAM_TEXT.hoursAgo(Math.round(minutes / 60));
  return formatEventDate(iso);
}

/** Which events a member or invitation covers, in words. */
function scopeLabel(eventIds: number[], events: EventOption[]): string {
  if (eventIds.length === 0) return TEAM_TEXT.allEvents;
  const titles = eventIds.map((id) => events.find((e) => e.id === id)?.title ?? TEAM_TEXT.eventN(id));
  return titles.length <= 2 ? titles.join(', ') : TEAM_TEXT.eventCount(titles.length);
}

/** Checkboxes over the producer's events; none checked means every event. */
function EventPicker(props: { events: EventOption[]; value: number[]; onChange: (ids: number[]) => void }) {
  if (props.events.length === 0) return null;
  const toggle = (id: number) =>
    props.onChange(props.value.includes(id) ? props.value.filter((v) => v !== id) : [...props.value, id]);
  return (
    <fieldset className="flex flex-col gap-1 text-sm">
      <legend className="mb-1">{TEAM_TEXT.eventsHint}</legend>
      <div className="flex max-h-40 flex-col gap-1 overflow-y-auto rounded-box bg-base-300 p-2">
        {props.events.map((e) => (
          <CheckboxField
            key={e.id}
            label={e.title}
            checked={props.value.includes(e.id)}
            onChecked={() => toggle(e.id)}
          />
        ))}
      </div>
    </fieldset>
  );
}

function InviteForm(props: { producerId: number; events: EventOption[]; onSent: () => void }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<MemberRole>('DOOR');
  const [eventIds, setEventIds] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  return (
    <form
      className="flex flex-col gap-3 rounded-box bg-base-200 p-4"
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        try {
          const answer = await sendInvitation({ producer_id: props.producerId, email, role, event_ids: eventIds });
          toast('success', answer.message);
          setSent(TEAM_UI_MSG.invited(email));
          setEmail('');
          setEventIds([]);
          setError(null);
          props.onSent();
        } catch (err) {
          setSent(null);
          setError(messageOf(err));
        } finally {
          setBusy(false);
        }
      }}
    >
      <h2 className="text-lg font-bold">{TEAM_TEXT.inviteTitle}</h2>
      <div className="flex flex-wrap items-end gap-3">
        <div className="grow">
          <TextField
            label={TEAM_TEXT.email}
            type="email"
            required
            value={email}
            onValue={setEmail}
            placeholder={TEAM_TEXT.emailPlaceholder}
          />
        </div>
        <div>
          <SelectField label={TEAM_TEXT.role} value={role} onValue={(r) => setRole(r as MemberRole)}>
            {MEMBER_ROLES.map((r) => (
              <option key={r} value={r}>
                {MEMBER_ROLE_LABEL[r]}
              </option>
            ))}
          </SelectField>
        </div>
      </div>
      <p className="text-sm text-muted">{MEMBER_ROLE_HINT[role]}</p>
      <EventPicker events={props.events} value={eventIds} onChange={setEventIds} />
      <ErrorAlert message={error} />
      {sent && (
        <p role="status" className="alert alert-success">
          {sent}
        </p>
      )}
      <button type="submit" className="btn btn-primary self-start" disabled={busy}>
        {busy ? TEAM_TEXT.sending : TEAM_TEXT.sendInvitation}
      </button>
    </form>
  );
}

function MemberRow(props: {
  producerId: number;
  member: TeamMember;
  events: EventOption[];
  onChanged: () => void;
  /** The signed-in person's own row: nobody changes their own role or events. */
  self: boolean;
  /** The producer's only producer-wide Administrador: it cannot be demoted or removed. */
  lastAdmin: boolean;
}) {
  const { member } = props;
  const [confirming, setConfirming] = useState(false);
  const act = actionOf(props.onChanged);
  const locked = props.self || props.lastAdmin;
  const why = props.lastAdmin ? TEAM_TEXT.lastAdminLocked : TEAM_TEXT.selfLocked;
  return (
    <tr>
      <td data-card="title">
        <div className="font-semibold">{member.name}</div>
        <div className="text-sm text-muted">{member.email}</div>
      </td>
      <td data-label={TEAM_TEXT.role}>
        <SelectField
          label={TEAM_TEXT.roleOf(member.name)}
          hideLabel
          className="select-sm"
          value={member.role}
          disabled={locked}
          title={locked ? why : undefined}
          // The reason it is locked is shown in the next cell.
          aria-describedby={locked ? `team-lock-${member.user_id}` : undefined}
          onValue={(role) =>
            void act(() => updateMember(props.producerId, member.user_id, role as MemberRole, member.event_ids))
          }
        >
          {MEMBER_ROLES.map((r) => (
            <option key={r} value={r}>
              {MEMBER_ROLE_LABEL[r]}
            </option>
          ))}
        </SelectField>
      </td>
      <td data-label={TEAM_TEXT.events} className="text-sm">
        {scopeLabel(member.event_ids, props.events)}
        {locked && (
          <div id={`team-lock-${member.user_id}`} className="text-xs text-muted">
            {why}
          </div>
        )}
      </td>
      <td data-label={TEAM_TEXT.lastActivity} className="text-sm">
        {lastSeen(member.last_active_at)}
      </td>
      <td data-card="actions" className="text-right">
        {props.lastAdmin ? null : (
          <button type="button" className="btn btn-ghost btn-sm text-error" onClick={() => setConfirming(true)}>
            {props.self ? TEAM_TEXT.leaveTeam : TEAM_TEXT.remove}
          </button>
        )}
        {confirming && (
          <ConfirmDialog
            title={props.self ? TEAM_TEXT.leaveTeam : TEAM_TEXT.removeTitle(member.name)}
            text={props.self ? TEAM_TEXT.leaveText : TEAM_TEXT.removeText(member.name)}
            tone="danger"
            confirmLabel={props.self ? TEAM_TEXT.leaveTeam : TEAM_TEXT.remove}
            onClose={() => setConfirming(false)}
            onConfirm={async () => {
              await act(() => removeMember(props.producerId, member.user_id));
              return null;
            }}
          />
        )}
      </td>
    </tr>
  );
}

function InvitationRow(props: {
  producerId: number;
  invitation: TeamInvitation;
  events: EventOption[];
  onChanged: () => void;
}) {
  const { invitation } = props;
  const act = actionOf(props.onChanged);
  return (
    <tr>
      <td data-card="title">{invitation.email}</td>
      <td data-label={TEAM_TEXT.role}>{invitation.role_label}</td>
      <td data-label={TEAM_TEXT.events} className="text-sm">
        {scopeLabel(invitation.event_ids, props.events)}
      </td>
      <td data-label={TEAM_TEXT.status} className="text-sm">
        {invitation.expired ? (
          <span className="badge badge-warning">{TEAM_TEXT.expired}</span>
        ) : (
          TEAM_TEXT.sent(invitation.sent_at ? formatEventDate(invitation.sent_at) : '')
        )}
      </td>
      <td data-card="actions" className="text-right">
        <span className="flex justify-end gap-2">
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={() => void act(() => resendInvitation(props.producerId, invitation.id))}
          >
            {TEAM_TEXT.resend}
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={() => void act(() => revokeInvitation(props.producerId, invitation.id))}
          >
            {TEAM_TEXT.revoke}
          </button>
        </span>
      </td>
    </tr>
  );
}

/** /admin/collaborators: the producer's team, invitations to join it, roles, events and last activity. */
export default function TeamAdmin() {
  const [producerId, setProducerId] = useState<number | undefined>(undefined);
  const myId = useStore($session).user?.user.id;
  // The team and its producer's events; a producer switch drops a slower answer for the previous one.
  const state = useData(async () => {
    const team = (await fetchTeam(producerId)).data;
    const events: EventOption[] =
      team.producer_id === null
        ? []
        : (await fetchProducerEvents(team.producer_id)).data.map((e) => ({ id: e.id, title: e.title }));
    return { team, events };
  }, producerId ?? 0);
  const load = state.reload;

  if (!state.data) return <LoadState state={state}>{() => null}</LoadState>;
  const { team: view, events } = state.data;
  if (view.producer_id === null) return <p className="alert">{TEAM_TEXT.notAdmin}</p>;
  const current = view.producer_id;
  return (
    <div className="flex flex-col gap-6">
      <ErrorAlert message={state.error} />
      {view.producers.length > 1 && (
        <div className="max-w-xs">
          <SelectField label={TEAM_TEXT.producer} value={String(current)} onValue={(id) => setProducerId(Number(id))}>
            {view.producers.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </SelectField>
        </div>
      )}
      <InviteForm producerId={current} events={events} onSent={() => void load()} />
      <section className="flex flex-col gap-2">
        <h2 className="text-lg font-bold">{TEAM_TEXT.teamCount(view.members.length)}</h2>
        <div className="sm:overflow-x-auto">
          <DataTable
            className="table table-cards"
            columns={[
              TEAM_TEXT.person,
              TEAM_TEXT.role,
              TEAM_TEXT.events,
              TEAM_TEXT.lastActivity,
              { label: TEAM_TEXT.actions, hidden: true },
            ]}
            label={TEAM_TEXT.team}
          >
            {view.members.map((m) => (
              <MemberRow
                key={m.user_id}
                producerId={current}
                member={m}
                events={events}
                onChanged={() => void load()}
                self={m.user_id === myId}
                lastAdmin={m.wide_admin && view.members.filter((o) => o.wide_admin).length === 1}
              />
            ))}
          </DataTable>
        </div>
      </section>
      <section className="flex flex-col gap-2">
        <h2 className="text-lg font-bold">{TEAM_TEXT.pendingCount(view.invitations.length)}</h2>
        {view.invitations.length === 0 ? (
          <p className="text-sm text-muted">{TEAM_TEXT.noInvitations}</p>
        ) : (
          <div className="sm:overflow-x-auto">
            <DataTable
              className="table table-cards"
              columns={[
                TEAM_TEXT.email,
                TEAM_TEXT.role,
                TEAM_TEXT.events,
                TEAM_TEXT.status,
                { label: TEAM_TEXT.actions, hidden: true },
              ]}
              label={TEAM_TEXT.pendingInvitations}
            >
              {view.invitations.map((i) => (
                <InvitationRow
                  key={i.id}
                  producerId={current}
                  invitation={i}
                  events={events}
                  onChanged={() => void load()}
                />
              ))}
            </DataTable>
          </div>
        )}
      </section>
    </div>
  );
}
