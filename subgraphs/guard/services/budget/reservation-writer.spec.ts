import { randomUUID } from 'node:crypto';
import { createLogger } from '../../../../lib/logging';
import { scratchOrmForSuite, TEST_DIALECTS } from '../../../../test/support/scratch-domain-database';
import { Reservation, ReservationStatus } from '../../entities';
import { guardDatabase } from '../../guard-database';
import { ReservationWriter, type NewReservation } from './reservation-writer';

const reservation = (organisationId: string): NewReservation => ({
  id: randomUUID(),
  organisationId,
  workflowId: 'wf-writer',
  leaseId: 'lease-writer',
  executionId: null,
  projectedMicrocents: 1_500_000,
  createdAt: new Date('2030-01-02T03:04:05.000Z'),
});

describe.each(TEST_DIALECTS)('ReservationWriter [%s]', (dialect) => {
  const ormOf = scratchOrmForSuite(guardDatabase, dialect);
  const stored = (organisationId: string) => ormOf().em.fork().find(Reservation, { organisationId }, { orderBy: { id: 'asc' } });

  it('writes what the gate reserved as open reservations, many per statement', async () => {
    const writer = new ReservationWriter(ormOf(), createLogger('test', 'silent'), { lingerMs: 1000, batchSize: 100 });
    const added = Array.from({ length: 250 }, () => reservation('org-writer-many'));
    for (const one of added) writer.add(one);
    await writer.settle(added[249].id);
    const rows = await stored('org-writer-many');
    expect(rows).toHaveLength(250);
    expect(rows.every((row) => row.status === ReservationStatus.open && row.actualMicrocents === null && row.closedAt === null)).toBe(true);
    expect(rows.find((row) => row.id === added[0].id)).toMatchObject({ projectedMicrocents: 1_500_000, createdAt: added[0].createdAt });
  });

  it('skips a reservation already written, so a batch sent again (its first answer lost) still lands', async () => {
    const writer = new ReservationWriter(ormOf(), createLogger('test', 'silent'), { lingerMs: 1000 });
    const first = reservation('org-writer-again');
    writer.add(first);
    await writer.flush();
    const second = reservation('org-writer-again');
    writer.add(first);
    writer.add(second);
    await writer.flush();
    expect((await stored('org-writer-again')).map((row) => row.id).sort()).toEqual([first.id, second.id].sort());
  });
});
