import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { CheckboxField, TextField } from '../../../components/ui/fields';
import { ApiError, messageOf } from '../../../lib/api';
import { formatDateTime } from '../../../shared/dates';
import { WEBHOOK_TEXT as T, WEBHOOK_MSG, WEBHOOK_TYPE_LABEL } from '../../../shared/messages/integrations';
import { WEBHOOK_TYPES } from '../../../shared/schemas/integrations';
import { toast } from '../../../stores/toast';
import * as hooks from '../api/webhooks';

/**
 * The producer's webhooks (/admin/integraciones/webhooks): create an endpoint (its secret shown once), test,
 * rotate, turn off or delete it, and read each delivery's attempts of the last 30 days with "Reenviar".
 */
export type EndpointView = Awaited<ReturnType<typeof hooks.listEndpoints>>['data'][number];
type Delivery = Awaited<ReturnType<typeof hooks.deliveries>>['data'][number];

const STATUS_LABEL: Record<string, string> = {
  delivered: T.delivered,
  pending: T.pending,
  failed: T.failed,
  cancelled: T.cancelled,
};

const typeLabel = (type: string) => WEBHOOK_TYPE_LABEL[type as keyof typeof WEBHOOK_TYPE_LABEL] ?? type;

export default function WebhooksAdmin({ producerId, initial }: { producerId: number; initial: EndpointView[] }) {
  const [endpoints, setEndpoints] = useState(initial);
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [types, setTypes] = useState<string[]>(['order.paid']);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [secret, setSecret] = useState<{ url: string; value: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState<{ endpoint: EndpointView; log: Delivery[] } | null>(null);
  const [removing, setRemoving] = useState<EndpointView | null>(null);

  const reload = async () => setEndpoints((await hooks.listEndpoints(producerId)).data);
  const showLog = async (endpoint: EndpointView) =>
    setOpen({ endpoint, log: (await hooks.deliveries(endpoint.id)).data });

  async function act(work: () => Promise<{ message?: string }>, after?: () => Promise<void>) {
    setBusy(true);
    try {
      const r = await work();
      if (r.message) toast('success', r.message);
      await after?.();
    } catch (err) {
      toast('error', messageOf(err));
    } finally {
      setBusy(false);
    }
  }

  async function create(e: React.SyntheticEvent) {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      const r = await hooks.createEndpoint(producerId, { url, description, event_types: types });
      setSecret({ url: r.data.url, value: r.data.secret });
      setUrl('');
      setDescription('');
      toast('success', r.message);
      await reload();
    } catch (err) {
      if (err instanceof ApiError && err.errors) setErrors(err.errors);
      else toast('error', messageOf(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <form
        onSubmit={create}
        className="flex flex-col gap-3 rounded-box bg-base-200 p-5"
        aria-labelledby="nuevo-destino"
      >
        <h2 id="nuevo-destino" className="text-lg font-bold">
          {T.newEndpoint}
        </h2>
        <TextField label={T.url} value={url} onValue={setUrl} type="url" error={errors.url?.[0]} required />
        <TextField label={T.description} value={description} onValue={setDescription} error={errors.description?.[0]} />
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 text-sm font-medium">{T.types}</legend>
          {WEBHOOK_TYPES.map((type) => (
            <CheckboxField
              key={type}
              label={`${typeLabel(type)} (${type})`}
              checked={types.includes(type)}
              onChecked={(on) => setTypes((now) => (on ? [...now, type] : now.filter((t) => t !== type)))}
            />
          ))}
          {errors.event_types && <p className="text-sm text-error">{errors.event_types[0]}</p>}
        </fieldset>
        <button type="submit" className="btn btn-primary self-start" disabled={busy}>
          {T.create}
        </button>
      </form>

      {secret && (
        <div role="status" className="alert alert-success flex flex-col items-start gap-2" data-testid="webhook-secret">
          <p>
            <strong>{T.secret}</strong> · {secret.url}
          </p>
          <code className="break-all text-sm">{secret.value}</code>
          <p className="text-sm">{T.secretHint}</p>
        </div>
      )}

      <section aria-labelledby="destinos" className="flex flex-col gap-3">
        <h2 id="destinos" className="text-lg font-bold">
          {T.endpoints}
        </h2>
        {endpoints.length === 0 && <p className="text-base-content/80">{T.none}</p>}
        <ul className="flex flex-col gap-3">
          {endpoints.map((endpoint) => (
            <li key={endpoint.id} className="rounded-box bg-base-200 p-4" data-endpoint={endpoint.url}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div>
                  <p className="break-all font-semibold">{endpoint.url}</p>
                  {endpoint.description && <p className="text-sm text-base-content/80">{endpoint.description}</p>}
                  <p className="text-xs text-base-content/80">{endpoint.event_types.map(typeLabel).join(' · ')}</p>
                </div>
                <span className={`badge ${endpoint.enabled ? 'badge-success' : 'badge-warning'}`}>
                  {endpoint.enabled ? T.active : T.disabled}
                </span>
              </div>
              <div className="mt-3 flex flex-wrap gap-2">
                <button type="button" className="btn btn-sm" disabled={busy} onClick={() => showLog(endpoint)}>
                  {T.show}
                </button>
                <button
                  type="button"
                  className="btn btn-sm"
                  disabled={busy || !endpoint.enabled}
                  onClick={() =>
                    act(
                      () => hooks.sendTest(endpoint.id),
                      () => showLog(endpoint),
                    )
                  }
                >
                  {T.test}
                </button>
                <button
                  type="button"
                  className="btn btn-sm"
                  disabled={busy}
                  onClick={() =>
                    act(async () => {
                      const r = await hooks.rotateSecret(endpoint.id);
                      setSecret({ url: r.data.url, value: r.data.secret });
                      return r;
                    }, reload)
                  }
                >
                  {T.rotate}
                </button>
                <button
                  type="button"
                  className="btn btn-sm"
                  disabled={busy}
                  onClick={() => act(() => hooks.setEnabled(endpoint.id, !endpoint.enabled), reload)}
                >
                  {endpoint.enabled ? T.disable : T.enable}
                </button>
                <button type="button" className="btn btn-sm btn-ghost text-error" onClick={() => setRemoving(endpoint)}>
                  {T.remove}
                </button>
              </div>
            </li>
          ))}
        </ul>
      </section>

      {open && (
        <section aria-labelledby="envios" className="flex flex-col gap-3">
          <h2 id="envios" className="text-lg font-bold">
            {T.logOf(open.endpoint.url)}
          </h2>
          <p className="text-sm text-base-content/80">{T.log}</p>
          {open.log.length === 0 && <p>{T.noLog}</p>}
          {open.log.map((delivery) => (
            <div key={delivery.id} className="rounded-box bg-base-200 p-3" data-delivery={delivery.id}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p>
                  <strong>{typeLabel(delivery.type)}</strong> · {STATUS_LABEL[delivery.status] ?? delivery.status} ·{' '}
                  {T.attempts}: {delivery.log.length}
                </p>
                <button
                  type="button"
                  className="btn btn-sm"
                  disabled={busy || !open.endpoint.enabled}
                  onClick={() =>
                    act(
                      () => hooks.replay(delivery.id),
                      () => showLog(open.endpoint),
                    )
                  }
                >
                  {T.replay}
                </button>
              </div>
              <div className="overflow-x-auto">
                <table className="table table-sm">
                  <thead>
                    <tr>
                      <th scope="col">{T.when}</th>
                      <th scope="col">{T.status}</th>
                      <th scope="col">{T.duration}</th>
                      <th scope="col">{T.answer}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {delivery.log.map((attempt) => (
                      <tr key={`${attempt.at}-${attempt.replay}`}>
                        <td>
                          {formatDateTime(attempt.at)}
                          {attempt.replay && ` · ${T.replay}`}
                        </td>
                        <td>{attempt.status ?? T.noAnswer}</td>
                        <td>{T.ms(attempt.duration_ms)}</td>
                        <td className="max-w-xs break-all font-mono text-xs">{attempt.excerpt}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </div>
          ))}
        </section>
      )}

      {removing && (
        <ConfirmDialog
          title={T.remove}
          text={removing.url}
          confirmLabel={T.remove}
          tone="danger"
          onClose={() => setRemoving(null)}
          onConfirm={async () => {
            try {
              await hooks.removeEndpoint(removing.id, producerId);
              toast('success', WEBHOOK_MSG.deleted);
              if (open?.endpoint.id === removing.id) setOpen(null);
              await reload();
              return null;
            } catch (err) {
              return messageOf(err);
            }
          }}
        />
      )}
    </div>
  );
}
