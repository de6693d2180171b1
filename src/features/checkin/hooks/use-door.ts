import { useEffect, useMemo } from 'react';
import { createDoor, type DoorConfig } from '../stores/door';

/** The scanner island's door (stores/door.ts), running while the island is on the page. */
export function useDoor({ userId, staffName, eventIds }: DoorConfig) {
  const door = useMemo(() => createDoor({ userId, staffName, eventIds }), [userId, staffName, eventIds]);
  useEffect(() => door.start(), [door]);
  return door;
}
