/**
 * How long after the gate answered a reservation may still be on its way to the database from
 * the writer of the instance that made it (`ReservationWriter`): a batch lingers 5 ms, but on a
 * loaded machine its INSERT can take seconds, and a failed one is retried every second.
 */
export const WRITE_BEHIND_HORIZON_MS = 10_000;
/** The first looks again, for any id: 300 ms in all. */
const FIRST_WAITS_MS = [20, 40, 80, 160];
/** Then, for a reservation minted less than the horizon ago, one look every so often. */
const LATER_WAIT_MS = 250;

const UUID_V7 = /^([0-9a-f]{8})-([0-9a-f]{4})-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** When a reservation id was minted: a UUIDv7's first 48 bits (ms since the epoch); undefined for an id of another kind. */
export function mintedAt(id: string): number | undefined {
  const parts = UUID_V7.exec(id);
  return parts ? parseInt(parts[1] + parts[2], 16) : undefined;
}

/**
 * The waits before each further look for a reservation `/track` did not find: the first four for
 * any id, then, while the id says it was minted less than WRITE_BEHIND_HORIZON_MS ago (by the
 * clock of the instance that minted it, taken no later than now), one every 250 ms. A reservation
 * another instance is still writing behind its gate is thus found however loaded the machine is,
 * and an id that never was is refused after 300 ms, or the horizon when it looks fresh.
 */
export function* writeBehindWaits(reservationId: string, now: () => number = Date.now): Generator<number> {
  yield* FIRST_WAITS_MS;
  const minted = mintedAt(reservationId);
  if (minted === undefined) return;
  const deadline = Math.min(minted, now()) + WRITE_BEHIND_HORIZON_MS;
  while (now() < deadline) yield LATER_WAIT_MS;
}
