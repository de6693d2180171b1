import { useState } from 'react';
import { DataTable } from '../../../components/ui/data-table';
import { ToggleField } from '../../../components/ui/fields';
import { messageOf } from '../../../lib/api';
import { formatCuit } from '../../../shared/fiscal';
import { SETTINGS_TEXT } from '../../../shared/messages/settings';
import { toast } from '../../../stores/toast';
import { setProducerActivation, setProducerTrust } from '../api/producer-activation';
import type { PlatformProducerRow } from '../types';

/** Superadmins: every producer, whether it may sell, and whether it linked MercadoPago. */
export default function ProducersActivation({ initial }: { initial: PlatformProducerRow[] }) {
  const [rows, setRows] = useState(initial);
  const [busy, setBusy] = useState<number | null>(null);

  async function toggle(row: PlatformProducerRow) {
    setBusy(row.id);
    try {
      const r = await setProducerActivation(row.id, !row.activo);
      setRows(rows.map((x) => (x.id === row.id ? { ...x, activo: r.data.activo } : x)));
      toast('success', r.message);
    } catch (err) {
      toast('error', messageOf(err));
    } finally {
      setBusy(null);
    }
  }

  async function trust(row: PlatformProducerRow) {
    setBusy(row.id);
    try {
      const r = await setProducerTrust(row.id, !row.trusted);
      setRows((current) => current.map((x) => (x.id === row.id ? { ...x, trusted: r.data.trusted } : x)));
      toast('success', r.message);
    } catch (err) {
      toast('error', messageOf(err));
    } finally {
      setBusy(null);
    }
  }

  if (!rows.length) return <p className="text-sm text-base-content/70">{SETTINGS_TEXT.noProducers}</p>;
  return (
    <>
      <p className="mb-2 text-sm text-base-content/70">{SETTINGS_TEXT.trustedHint}</p>
      <div className="overflow-x-auto rounded-box bg-base-200">
        <DataTable
          className="table"
          columns={[
            SETTINGS_TEXT.producer,
            SETTINGS_TEXT.legalNameCuit,
            SETTINGS_TEXT.events,
            SETTINGS_TEXT.mercadoPago,
            SETTINGS_TEXT.active,
            SETTINGS_TEXT.trusted,
          ]}
        >
          {rows.map((row) => (
            <tr key={row.id}>
              <td className="font-medium">{row.name}</td>
              <td className="text-sm">
                {row.razon_social ?? '—'}
                {row.cuit && <span className="block text-base-content/60">{formatCuit(row.cuit)}</span>}
              </td>
              <td>{row.events}</td>
              <td>{row.mp_linked ? SETTINGS_TEXT.linked : SETTINGS_TEXT.notLinked}</td>
              <td>
                <ToggleField
                  label={SETTINGS_TEXT.activeOf(row.name)}
                  hideLabel
                  tone="success"
                  checked={row.activo}
                  disabled={busy === row.id}
                  onChecked={() => toggle(row)}
                />
              </td>
              <td>
                <ToggleField
                  label={SETTINGS_TEXT.trustedOf(row.name)}
                  hideLabel
                  checked={row.trusted}
                  disabled={busy === row.id}
                  onChecked={() => trust(row)}
                />
              </td>
            </tr>
          ))}
        </DataTable>
      </div>
    </>
  );
}
