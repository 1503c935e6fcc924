import { scratchOrmForSuite, TEST_DIALECTS } from '../../../../test/support/scratch-domain-database';
import { Workflow } from '../../entities';
import { guardDatabase } from '../../guard-database';
import { CoalescedReads } from './coalesced-reads';

/** A promise the test resolves when it chooses: holds a read in flight while the database changes. */
function latch(): { opened: Promise<void>; open(): void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe.each(TEST_DIALECTS)('coalesced reads [%s]', (dialect) => {
  const ormOf = scratchOrmForSuite(guardDatabase, dialect);

  async function newWorkflow(budgetCents = 100): Promise<string> {
    const workflow = new Workflow('org-reads', `wf-${Math.random().toString(36).slice(2)}`, budgetCents);
    await ormOf().em.fork().persistAndFlush(workflow);
    return workflow.id;
  }

  /** Reads the workflow's budget from the database, counting the reads. */
  function budgetReader() {
    const reader = {
      reads: 0,
      /** `read` opens once the row is read; `hold` keeps the answer back until the test opens it. */
      load: (id: string, latches: { read?: ReturnType<typeof latch>; hold?: Promise<void> } = {}) => async () => {
        reader.reads++;
        const row = await ormOf().em.fork().findOneOrFail(Workflow, { id });
        latches.read?.open();
        await latches.hold;
        return row.budgetCents;
      },
    };
    return reader;
  }

  it('lets callers asking at once share one database read, and keeps its value once', async () => {
    const id = await newWorkflow(100);
    const reads = new CoalescedReads<number>();
    const reader = budgetReader();
    const kept: number[] = [];
    const answers = await Promise.all(Array.from({ length: 25 }, () => reads.read(id, reader.load(id), (value) => kept.push(value))));
    expect(answers).toEqual(Array(25).fill(100));
    expect(reader.reads).toBe(1);
    expect(kept).toEqual([100]);

    // Once it has landed, the next caller reads again: coalescing is not caching.
    await reads.read(id, reader.load(id), (value) => kept.push(value));
    expect(reader.reads).toBe(2);
  });

  it('reads different keys apart', async () => {
    const [first, second] = [await newWorkflow(1), await newWorkflow(2)];
    const reads = new CoalescedReads<number>();
    const reader = budgetReader();
    const answers = await Promise.all([first, second, first, second].map((id) => reads.read(id, reader.load(id), () => undefined)));
    expect(answers).toEqual([1, 2, 1, 2]);
    expect(reader.reads).toBe(2);
  });

  it('does not keep a read that an invalidation overtook, and reads afresh for later callers', async () => {
    const id = await newWorkflow(100);
    const reads = new CoalescedReads<number>();
    const reader = budgetReader();
    const kept: number[] = [];
    const read = latch();
    const held = latch();

    const early = reads.read(id, reader.load(id, { read, hold: held.opened }), (value) => kept.push(value));
    // The early read has the old row before the change commits, and answers only after.
    await read.opened;
    await ormOf().em.fork().nativeUpdate(Workflow, { id }, { budgetCents: 250 });
    reads.invalidate(id);

    const late = reads.read(id, reader.load(id), (value) => kept.push(value));
    expect(await late).toBe(250);
    held.open();
    expect(await early).toBe(100);
    expect(reader.reads).toBe(2);
    expect(kept).toEqual([250]);
  });

  it('keeps nothing from a failed read and lets the next caller try again', async () => {
    const id = await newWorkflow(100);
    const reads = new CoalescedReads<number>();
    const kept: number[] = [];
    const missing = reads.read(id, async () => (await ormOf().em.fork().findOneOrFail(Workflow, { id: 'wf-nobody' })).budgetCents, (value) => kept.push(value));
    const sharing = reads.read(id, async () => 0, (value) => kept.push(value));
    await expect(missing).rejects.toThrow();
    await expect(sharing).rejects.toThrow();
    expect(await reads.read(id, budgetReader().load(id), (value) => kept.push(value))).toBe(100);
    expect(kept).toEqual([100]);
  });
});
