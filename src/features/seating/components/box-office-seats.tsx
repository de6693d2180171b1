import { useEffect, useState } from 'react';
import { createSeatPicker, type SeatPicker } from '../stores/seat-picker';
import type { SeatedDateView } from '../types';
import { SeatMapView } from './seat-map-view';

/**
 * The box office's pick (issue 33): the buyer's map for one seated ticket type, whose picked seats the sale
 * sends (none picked: the sale takes the best available). The picker is handed up so the form reads it.
 */
export function BoxOfficeSeats({
  eventId,
  date,
  category,
  onPicker,
}: {
  eventId: number;
  date: SeatedDateView;
  category: string;
  onPicker: (picker: SeatPicker) => void;
}) {
  const [picker] = useState(() => createSeatPicker({ eventId, date, left: [], categories: [category] }));
  useEffect(() => {
    onPicker(picker);
    void picker.refresh();
  }, [picker, onPicker]);
  return <SeatMapView picker={picker} />;
}
