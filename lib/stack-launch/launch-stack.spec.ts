import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fromDist } from '../../test/support/from-dist';
import { stackEnv } from '../../test/support/stack-env';

const { launchStack } = fromDist<typeof import('./launch-stack')>('lib/stack-launch/launch-stack');

describe('launchStack', () => {
  it("names what a quiet part said on standard error when it exits during start-up", async () => {
    const env = await stackEnv();
    const supergraph = join(env.DATA_DIR!, 'not-a-supergraph.graphql');
    writeFileSync(supergraph, 'type Query { this is not GraphQL');
    const started = launchStack({ env: { ...env, SUPERGRAPH_PATH: supergraph }, only: ['gateway'], stdio: 'ignore', waitFor: 'alive' });
    await expect(started).rejects.toThrow(/^gateway exited during start-up \(code 1\):\n[\s\S]*gateway failed to start/);
  });
});
