import { randomUUID } from 'node:crypto';
import type { DomainOrm } from '../../../../lib/db';
import { createLogger } from '../../../../lib/logging';
import { openPubSub, streamTopics, type MessageStream } from '../../../../lib/pubsub';
import { connectionIs, OwnRedisServer } from '../../../../test/support/redis-server';
import { createScratchDomainDatabase, TEST_DIALECTS, type ScratchDomainDatabase } from '../../../../test/support/scratch-domain-database';
import { Workflow, WorkflowState } from '../../entities';
import { guardDatabase } from '../../guard-database';
import { Topic, type Topics } from '../shared/topics';
import { workflowChangedMessage } from '../shared/workflow-shapes';
import { WorkflowChanges } from './workflow-changes';

const logger = createLogger('test', 'silent');

/**
 * Two guard instances (each its own pool and Redis connections) on one real database and a Redis
 * server of the test's own, which the test takes away and brings back: each instance hears every
 * change of the other once, through Redis or, while it is away or a message was lost, from the
 * database.
 */
(OwnRedisServer.available ? describe.each(TEST_DIALECTS) : describe.skip.each(TEST_DIALECTS))('workflow changes across instances [%s]', (dialect) => {
  let database: ScratchDomainDatabase;
  let redis: OwnRedisServer;
  let orm: DomainOrm;
  let a: WorkflowChanges;
  let b: WorkflowChanges;

  beforeAll(async () => {
    database = await createScratchDomainDatabase(guardDatabase, dialect);
    redis = await OwnRedisServer.start();
    const namespace = `workflow-changes-${randomUUID()}`;
    const instance = async () => new WorkflowChanges(await openPubSub<Topics>(redis.url, logger, { namespace }), await database.open(), logger, 100);
    // One after the other: each opening migrates the database.
    orm = await database.open();
    a = await instance();
    b = await instance();
    await Promise.all([a.start(), b.start()]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await redis?.stop();
    await database?.drop();
  });

  /** The versions of `workflow` that `instance` hears, as a stream. */
  const versionsOf = (instance: WorkflowChanges, workflow: Workflow): Promise<MessageStream<number>> =>
    streamTopics<Topics, number>(instance, (stream) => ({
      [Topic.WorkflowChanged]: (message) => message.workflowId === workflow.id && stream.push(message.version),
    }));

  /** Commits a change of state, as WorkflowService does, and (unless `silently`) announces it on `instance`. */
  async function change(workflow: Workflow, state: WorkflowState, instance?: WorkflowChanges): Promise<number> {
    const em = orm.em.fork();
    const row = await em.findOneOrFail(Workflow, { id: workflow.id });
    Object.assign(row, { state, version: row.version + 1, changedAt: new Date() });
    await em.flush();
    if (instance) await instance.publish(Topic.WorkflowChanged, workflowChangedMessage(row));
    return row.version;
  }

  async function newWorkflow(): Promise<Workflow> {
    const workflow = new Workflow('org-changes', `wf-${randomUUID()}`, 100);
    await orm.em.fork().persistAndFlush(workflow);
    return workflow;
  }

  it('hears the other instance’s changes through Redis, from the database while Redis is away, and through Redis again', async () => {
    const workflow = await newWorkflow();
    const hereHears = await versionsOf(a, workflow);
    const thereHears = await versionsOf(b, workflow);

    expect(await change(workflow, WorkflowState.Paused, a)).toBe(2);
    expect(await thereHears.next()).toEqual({ value: 2, done: false });

    await redis.stop();
    await Promise.all([connectionIs(a, false), connectionIs(b, false)]);
    expect(await change(workflow, WorkflowState.Normal, a)).toBe(3);
    expect(await hereHears.next()).toEqual({ value: 2, done: false });
    expect(await hereHears.next()).toEqual({ value: 3, done: false });
    expect(await thereHears.next()).toEqual({ value: 3, done: false });
    expect(await change(workflow, WorkflowState.Paused, b)).toBe(4);
    expect(await hereHears.next()).toEqual({ value: 4, done: false });

    await redis.start();
    await Promise.all([connectionIs(a, true), connectionIs(b, true)]);
    expect(await change(workflow, WorkflowState.Killed, a)).toBe(5);
    expect(await thereHears.next()).toEqual({ value: 4, done: false });
    expect(await thereHears.next()).toEqual({ value: 5, done: false });
    await Promise.all([hereHears.return(), thereHears.return()]);
  });

  it('reads the database when a version gap shows that a message was lost, and never repeats a version', async () => {
    const [gapped, unannounced] = [await newWorkflow(), await newWorkflow()];
    const gappedHeard = await versionsOf(b, gapped);
    const unannouncedHeard = await versionsOf(b, unannounced);
    expect(await change(gapped, WorkflowState.Paused, a)).toBe(2);
    expect(await gappedHeard.next()).toEqual({ value: 2, done: false });

    // Two changes whose announcements were lost, then one that arrives: version 4 after 2.
    await change(unannounced, WorkflowState.Paused);
    await change(gapped, WorkflowState.Normal);
    expect(await change(gapped, WorkflowState.Paused, a)).toBe(4);
    expect(await gappedHeard.next()).toEqual({ value: 4, done: false });
    expect(await unannouncedHeard.next()).toEqual({ value: 2, done: false });

    // Announced again (a retry, an older message arriving late): nobody hears it twice.
    await a.publish(Topic.WorkflowChanged, { ...workflowChangedMessage(gapped), version: 3 });
    expect(await change(gapped, WorkflowState.Killed, a)).toBe(5);
    expect(await gappedHeard.next()).toEqual({ value: 5, done: false });
    await Promise.all([gappedHeard.return(), unannouncedHeard.return()]);
  });
});
