import { SelectField } from '../../../components/ui/fields';
import { KEPT_GROUP_LABEL, SEAT_INVITATION_TEXT as S } from '../../../shared/messages/seating';
import type { KeptSeatGroup } from '../../../shared/schemas/seating';

/** "Tomar de las butacas guardadas": none, or the group (boletería, sponsors, RRPP) the seats are drawn from. */
export function HeldGroupSelect({
  value,
  onValue,
  hint,
}: {
  value: KeptSeatGroup | '';
  onValue: (group: KeptSeatGroup | '') => void;
  hint?: string;
}) {
  return (
    <SelectField label={S.heldGroup} hint={hint} value={value} onValue={(v) => onValue(v as KeptSeatGroup | '')}>
      <option value="">{S.heldGroupNo}</option>
      {Object.entries(KEPT_GROUP_LABEL).map(([group, label]) => (
        <option key={group} value={group}>
          {label}
        </option>
      ))}
    </SelectField>
  );
}
