import type { ComponentProps } from 'react';
import { Select } from '../../../components/ui/fields';

type Province = { id: number; name: string };

/**
 * A select of Argentina's provinces, with `none` as its empty choice. Inside `Field`, which hands it the id
 * and the ARIA wiring (passed on to the select).
 */
export function ProvinceSelect({
  provinces,
  none,
  ...select
}: Omit<ComponentProps<typeof Select>, 'children'> & { provinces: Province[]; none: string }) {
  return (
    <Select className="select w-full" {...select}>
      <option value="">{none}</option>
      {provinces.map((p) => (
        <option key={p.id} value={p.id}>
          {p.name}
        </option>
      ))}
    </Select>
  );
}
