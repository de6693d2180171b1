/** The units of the inventory's contract: what a type offers, what a hold asks for, what is left. */

export type InventoryType = { id: number; capacity: number; minPerOrder: number; maxPerOrder: number };
/**
 * `seatIds`: a seated type's seats (reserved seating, seats.ts), as many as `quantity`; `dateId`: the date they
 * are on (set by the object when it checks them); `best`: the object chooses them ("Mejor ubicación disponible").
 */
export type HoldItem = { typeId: number; quantity: number; seatIds?: string[]; dateId?: number; best?: boolean };
export type Availability = { typeId: number; capacity: number; sold: number; held: number; available: number };

export type HoldResult =
  | { ok: true; holdId: string; expiresAt: number; replaced: string | null }
  | {
      ok: false;
      reason: 'unknown_type' | 'sold_out' | 'min' | 'max' | 'empty' | 'closed';
      typeId?: number;
      available?: number;
    };
