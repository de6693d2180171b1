import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog } from '../../../components/ui/dialog';
import {
  CheckboxField,
  type FieldErrors,
  Radio,
  SelectField,
  SubmitButton,
  TextField,
} from '../../../components/ui/fields';
import { ApiError, messageOf } from '../../../lib/api';
import { formatDateTime } from '../../../shared/dates';
import { PERMISSION_LABEL, INTEGRATIONS_TEXT as T } from '../../../shared/messages/integrations';
import type { Permission } from '../../../shared/roles';
import { API_KEY_PERMISSIONS, type ApiKeyView } from '../../../shared/schemas/integrations';
import { toast } from '../../../stores/toast';
import { createApiKey, revokeApiKey } from '../api/api-keys';

type EventOption = { id: number; name: string };

const EXPIRIES = [
  { value: '', label: T.noExpiry },
  { value: '30', label: T.days30 },
  { value: '90', label: T.days90 },
  { value: '365', label: T.days365 },
];

function statusOf(key: ApiKeyView): string {
  if (key.revoked_at) return T.revoked;
  if (key.expires_at && key.expires_at <= new Date().toISOString()) return T.expired;
  return T.active;
}

/**
 * The producer's API keys (Configuración → Integraciones): create one (name, permissions, events, expiry),
 * see its secret once, list them with their last use, revoke one.
 */
export default function ApiKeysPanel({
  producerId,
  initial,
  events,
}: {
  producerId: number;
  initial: ApiKeyView[];
  events: EventOption[];
}) {
  const [keys, setKeys] = useState(initial);
  const [name, setName] = useState('');
  const [permissions, setPermissions] = useState<Permission[]>(['events.view']);
  const [limited, setLimited] = useState(false);
  const [eventIds, setEventIds] = useState<number[]>([]);
  const [expiry, setExpiry] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [revoking, setRevoking] = useState<ApiKeyView | null>(null);

  const toggle = <T,>(list: T[], item: T, on: boolean) =>
    on ? [...new Set([...list, item])] : list.filter((x) => x !== item);

  async function create(e: { preventDefault(): void }) {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    setProblem(null);
    try {
      const r = await createApiKey(producerId, {
        name,
        permissions,
        event_ids: limited ? eventIds : null,
        expires_in_days: expiry ? Number(expiry) : null,
      });
      setKeys([r.data.key, ...keys]);
      setSecret(r.data.secret);
      setCopied(false);
      setName('');
      toast('success', r.message);
    } catch (err) {
      if (err instanceof ApiError && err.errors) setErrors(err.errors);
      setProblem(messageOf(err));
    } finally {
      setBusy(false);
    }
  }

  async function revoke(key: ApiKeyView): Promise<string | null> {
    try {
      const r = await revokeApiKey(producerId, key.id);
      setKeys(keys.map((k) => (k.id === key.id ? { ...k, revoked_at: new Date().toISOString() } : k)));
      toast('success', r.message);
      return null;
    } catch (err) {
      return messageOf(err);
    }
  }

  async function copy() {
    if (!secret) return;
    await navigator.clipboard?.writeText(secret).catch(() => undefined);
    setCopied(true);
  }

  return (
    <div className="flex flex-col gap-8">
      <section className="rounded-box bg-base-200 p-5" aria-labelledby="new-key-title">
        <h2 id="new-key-title" className="mb-4 text-lg font-bold">
          {T.newKey}
        </h2>
        <form noValidate onSubmit={create} className="flex flex-col gap-4">
          <TextField
            label={T.name}
            value={name}
            onValue={setName}
            placeholder={T.namePlaceholder}
            maxLength={80}
            error={errors.name?.[0]}
            name="name"
          />
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">{T.permissions}</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {API_KEY_PERMISSIONS.map((p) => (
                <CheckboxField
                  key={p}
                  label={`${PERMISSION_LABEL[p] ?? p} (${p})`}
                  checked={permissions.includes(p)}
                  onChecked={(on) => setPermissions(toggle(permissions, p, on))}
                />
              ))}
            </div>
            {errors.permissions?.[0] && <p className="text-sm text-error">{errors.permissions[0]}</p>}
          </fieldset>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">{T.events}</legend>
            <label className="flex items-center gap-2 text-sm">
              <Radio name="alcance" className="radio radio-sm" checked={!limited} onChoose={() => setLimited(false)} />
              {T.allEvents}
            </label>
            <label className="flex items-center gap-2 text-sm">
              <Radio name="alcance" className="radio radio-sm" checked={limited} onChoose={() => setLimited(true)} />
              {T.someEvents}
            </label>
            {limited && (
              <div className="ml-6 grid gap-2 sm:grid-cols-2">
                {events.map((ev) => (
                  <CheckboxField
                    key={ev.id}
                    label={ev.name}
                    checked={eventIds.includes(ev.id)}
                    onChecked={(on) => setEventIds(toggle(eventIds, ev.id, on))}
                  />
                ))}
              </div>
            )}
            {errors.event_ids?.[0] && <p className="text-sm text-error">{errors.event_ids[0]}</p>}
          </fieldset>
          <SelectField label={T.expiry} value={expiry} onValue={setExpiry} className="max-w-xs">
            {EXPIRIES.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </SelectField>
          {problem && (
            <p role="alert" className="text-sm text-error">
              {problem}
            </p>
          )}
          <div className="flex flex-col items-start gap-1">
            <SubmitButton className="btn btn-primary" busy={busy}>
              {busy ? T.creating : T.create}
            </SubmitButton>
          </div>
        </form>
      </section>

      <section className="rounded-box bg-base-200 p-5" aria-labelledby="keys-title">
        <h2 id="keys-title" className="mb-4 text-lg font-bold">
          {T.keysTitle}
        </h2>
        {keys.length === 0 ? (
          <p className="text-muted">{T.keysEmpty}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="table table-sm" data-testid="api-keys">
              <thead>
                <tr>
                  <th scope="col">{T.name}</th>
                  <th scope="col">{T.prefix}</th>
                  <th scope="col">{T.permissions}</th>
                  <th scope="col">{T.createdAt}</th>
                  <th scope="col">{T.lastUsed}</th>
                  <th scope="col">{T.expires}</th>
                  <th scope="col">{T.status}</th>
                  <td />
                </tr>
              </thead>
              <tbody>
                {keys.map((key) => (
                  <tr key={key.id} data-key-id={key.id}>
                    <th scope="row" className="font-semibold">
                      {key.name}
                    </th>
                    <td>
                      <code>{key.prefix}…</code>
                    </td>
                    <td className="text-xs">{key.permissions.join(', ')}</td>
                    <td className="whitespace-nowrap">{formatDateTime(key.created_at)}</td>
                    <td className="whitespace-nowrap" data-testid="last-used">
                      {key.last_used_at ? formatDateTime(key.last_used_at) : T.neverUsed}
                    </td>
                    <td className="whitespace-nowrap">{key.expires_at ? formatDateTime(key.expires_at) : T.never}</td>
                    <td>{statusOf(key)}</td>
                    <td>
                      {!key.revoked_at && (
                        <button
                          type="button"
                          className="btn btn-ghost btn-sm text-error"
                          onClick={() => setRevoking(key)}
                          aria-label={`${T.revoke} ${key.name}`}
                        >
                          {T.revoke}
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      {secret && (
        <Dialog title={T.secretTitle} onClose={() => setSecret(null)}>
          <p className="text-sm">{T.secretHint}</p>
          <pre className="mt-3 overflow-x-auto rounded-box bg-base-300 p-3 text-sm" data-testid="api-key-secret">
            <code>{secret}</code>
          </pre>
          <div className="mt-4 flex justify-end gap-2">
            <button type="button" className="btn" onClick={copy}>
              {copied ? T.copied : T.copy}
            </button>
            <button type="button" className="btn btn-primary" onClick={() => setSecret(null)}>
              {T.done}
            </button>
          </div>
        </Dialog>
      )}
      {revoking && (
        <ConfirmDialog
          title={T.revokeTitle}
          text={T.revokeBody}
          confirmLabel={T.revoke}
          tone="danger"
          onConfirm={() => revoke(revoking)}
          onClose={() => setRevoking(null)}
        />
      )}
    </div>
  );
}
