/** Where a reservation stands; it leaves `open` exactly once. */
export enum ReservationStatus {
  open = 'open',
  consumed = 'consumed',
  released = 'released',
}
