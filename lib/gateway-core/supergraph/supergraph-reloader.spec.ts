import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createLogger } from '../../logging';
import { assessReadiness } from '../../operations';
import { SupergraphReloader } from './supergraph-reloader';
import { UnreadableSupergraph, type SupergraphChanges, type SupergraphSource } from './supergraph-source';

const COMMITTED = readFileSync(join(__dirname, '..', '..', '..', 'schema', 'supergraph.graphql'), 'utf8');
const NEXT = `${COMMITTED}\n# a comment: another text, the same schema\n`;

/** A source the spec drives by hand. */
class HandSource implements SupergraphSource {
  readonly origin = 'hand';
  changes: SupergraphChanges | undefined;
  constructor(private readonly text: string) {}
  async read(): Promise<string> {
    return this.text;
  }
  follow(changes: SupergraphChanges): () => void {
    this.changes = changes;
    return () => (this.changes = undefined);
  }
}

async function started(following = true) {
  const source = new HandSource(COMMITTED);
  const reloader = new SupergraphReloader(source, following, createLogger('spec', 'silent'));
  const updates: string[] = [];
  let refuse: string | undefined;
  const loaded = await reloader.initialize({
    update: (sdl) => {
      if (refuse) throw new Error(refuse);
      updates.push(sdl);
    },
  });
  const readiness = async () => (await assessReadiness([reloader.readinessCheck()])).checks.supergraph;
  return { source, reloader, updates, loaded, readiness, refuseUpdates: (message: string | undefined) => (refuse = message) };
}

describe('SupergraphReloader', () => {
  it('hands @apollo/gateway a new text that passes, and stops following at cleanup', async () => {
    const { source, reloader, updates, loaded, readiness } = await started();
    const first = reloader.status().hash;
    source.changes!.changed(NEXT);
    expect(updates).toHaveLength(1);
    expect(reloader.status().hash).not.toBe(first);
    // The same text again is no change.
    source.changes!.changed(NEXT);
    expect(updates).toHaveLength(1);
    expect(await readiness()).toEqual({ status: 'up' });
    await loaded.cleanup!();
    expect(source.changes).toBeUndefined();
  });

  it("refuses a text @apollo/gateway throws on, once, and says so in /readyz until a good one comes", async () => {
    const { source, reloader, updates, readiness, refuseUpdates } = await started();
    const first = reloader.status().hash;
    refuseUpdates('Unknown graph NOWHERE');
    source.changes!.changed(NEXT);
    source.changes!.changed(NEXT);
    expect(updates).toHaveLength(0);
    expect(reloader.status()).toMatchObject({ hash: first, refused: { reason: 'invalid', message: 'not a valid supergraph: Unknown graph NOWHERE' } });
    expect(await readiness()).toEqual({ status: 'down', error: expect.stringMatching(new RegExp(`^not a valid supergraph: Unknown graph NOWHERE \\(at .*\\); still serving ${first}, loaded at `)) });
    // The text being served comes back: nothing to report.
    source.changes!.changed(COMMITTED);
    expect(await readiness()).toEqual({ status: 'up' });
  });

  it('reports an unreadable source until it answers again', async () => {
    const { source, readiness } = await started();
    source.changes!.unreadable(new UnreadableSupergraph('http://registry answered HTTP 503'));
    expect(await readiness()).toMatchObject({ status: 'down', error: expect.stringContaining('answered HTTP 503') });
    source.changes!.unchanged();
    expect(await readiness()).toEqual({ status: 'up' });
  });

  it('does not follow its source when told not to (SUPERGRAPH_WATCH=false)', async () => {
    const { source, loaded, reloader } = await started(false);
    expect(source.changes).toBeUndefined();
    expect(loaded.cleanup).toBeUndefined();
    expect(reloader.status().following).toBe(false);
  });
});
