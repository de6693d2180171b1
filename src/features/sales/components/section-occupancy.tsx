import { ScrollRegion } from '../../../components/scroll-region';
import { DataTable } from '../../../components/ui/data-table';
import { formatEventDate } from '../../../shared/dates';
import { SEAT_OCCUPANCY_TEXT as T } from '../../../shared/messages/seating';
import { formatCount } from '../../../shared/money';
import type { SalesDashboard } from '../types';

type OccupancyRow = SalesDashboard['occupancy'][number];

const percent = (part: number, whole: number) => (whole > 0 ? `${Math.round((part / whole) * 100)} %` : '—');

/**
 * A seated date's occupancy by section (issue 33): sold, held and free seats (or standing places) in each section
 * of its map, es-AR counts. One table per seated upcoming date; nothing for general-admission dates.
 */
export function SectionOccupancy({ dates }: { dates: OccupancyRow[] }) {
  const seated = dates.filter((d) => d.sections && d.sections.length > 0);
  if (seated.length === 0) return null;
  return (
    <>
      {seated.map((d) => {
        const title = T.title(d.title, formatEventDate(d.starts_at));
        return (
          <section key={d.event_date_id} className="rounded-box bg-base-200 p-4" data-section-occupancy>
            <h2 className="mb-2 font-bold">{title}</h2>
            <ScrollRegion label={title}>
              <DataTable
                className="table table-sm table-cards"
                label={title}
                columns={[
                  T.section,
                  { label: T.sold, end: true },
                  { label: T.held, end: true },
                  { label: T.free, end: true },
                  { label: T.total, end: true },
                  { label: T.percent, end: true },
                ]}
              >
                {d.sections?.map((s) => (
                  <tr key={s.id}>
                    <td data-card="title">{s.name}</td>
                    {(
                      [
                        [T.sold, formatCount(s.sold)],
                        [T.held, formatCount(s.held)],
                        [T.free, formatCount(s.free)],
                        [T.total, formatCount(s.total)],
                        [T.percent, percent(s.sold, s.total)],
                      ] as const
                    ).map(([label, figure]) => (
                      <td key={label} data-label={label} className="text-right tabular-nums">
                        {figure}
                      </td>
                    ))}
                  </tr>
                ))}
              </DataTable>
            </ScrollRegion>
          </section>
        );
      })}
    </>
  );
}
