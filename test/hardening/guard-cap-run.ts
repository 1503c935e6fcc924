import { sdkPost } from '../support/guard-fixtures';
import type { StackUrls } from '../support/stack-urls';

/**
 * `/track`, sent again while the other instance has not yet written the reservation behind its
 * gate (track looks for it up to 10 s after it was minted; kept for a machine slower still); not a failure.
 */
async function trackLanded(replica: StackUrls, key: string, body: Record<string, unknown>) {
  for (let attempt = 0; ; attempt++) {
    const track = await sdkPost(replica, '/track', key, body);
    const unknown = track.status === 400 && track.body.error_message === 'No reservation of this organisation has this id';
    if (!unknown || attempt === 20) return track;
    await new Promise((done) => setTimeout(done, 250));
  }
}

/** A small seeded generator (mulberry32): a failing run is replayed by its seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface CapRunOptions {
  replicas: readonly StackUrls[];
  key: string;
  workflowId: string;
  agents: number;
  /** Gate calls per agent at most (an agent also stops after a few refusals in a row). */
  callsPerAgent: number;
  seed: number;
  /** Called once, when half the planned calls were made (Redis is killed there). */
  midway: () => Promise<void>;
}

export interface CapRunTally {
  gateCalls: number;
  allowed: number;
  refused: number;
  tracked: number;
  overbudget: number;
  /** Answers neither a decision nor a /track outcome (a replica's 5xx): counted, not retried. */
  failures: string[];
}

/**
 * Many agents of one workflow at once: each asks the gate of a random replica for a call of a
 * random size, and reports the call to `/track` of a random replica with an actual cost that is
 * usually within the estimate and sometimes well above it (an underestimating agent). Every
 * agent holds at most one reservation at a time.
 */
export async function runAgents(options: CapRunOptions): Promise<CapRunTally> {
  const random = seededRandom(options.seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
  const tally: CapRunTally = { gateCalls: 0, allowed: 0, refused: 0, tracked: 0, overbudget: 0, failures: [] };
  const half = Math.floor((options.agents * options.callsPerAgent) / 2);
  let midway: Promise<void> | undefined;
  const agent = async (index: number) => {
    let refusalsInARow = 0;
    for (let call = 0; call < options.callsPerAgent && refusalsInARow < 3; call++) {
      const estimated = 200 + Math.floor(random() * 3800);
      const gate = await sdkPost(pick(options.replicas), '/gate', options.key, { workflow_id: options.workflowId, tool: `tool_${index % 3}`, model: 'gpt-4o', estimated_tokens: estimated });
      tally.gateCalls += 1;
      if (tally.gateCalls === half) midway = options.midway();
      if (gate.status !== 200) {
        tally.failures.push(`gate ${gate.status} ${JSON.stringify(gate.body)}`);
        continue;
      }
      if (gate.body.decision !== 'allow') {
        tally.refused += 1;
        refusalsInARow += 1;
        continue;
      }
      refusalsInARow = 0;
      tally.allowed += 1;
      // Usually within the estimate; one call in four well over it (up to three times).
      const factor = random() < 0.25 ? 1 + random() * 2 : random();
      const output = Math.max(1, Math.floor(estimated * factor));
      const body = { reservation_id: gate.body.reservation_id, input_tokens: 0, output_tokens: output, model: 'gpt-4o' };
      const track = await trackLanded(pick(options.replicas), options.key, body);
      if (track.status === 200) tally.tracked += 1;
      else if (track.status === 422 && track.body.error_code === 'CONSUME_OVERBUDGET') tally.overbudget += 1;
      else tally.failures.push(`track ${track.status} ${JSON.stringify(track.body)}`);
    }
  };
  await Promise.all(Array.from({ length: options.agents }, (_, index) => agent(index)));
  await midway;
  return tally;
}
