import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkoutRoot } from '../../../test/support/from-dist';

/**
 * A process started with an IPC channel, as the launcher starts the stack's parts, whose
 * shutdown step writes `marker`; it sets its shutdown up `afterMs` after it starts and then
 * says so on the channel, if the channel is still there.
 */
function partWithShutdown(marker: string, afterMs: number) {
  const shutdown = join(checkoutRoot, 'dist', 'lib', 'net', 'server', 'shutdown.js');
  const source = `
    const { writeFileSync } = require('node:fs');
    const { onShutdown } = require(${JSON.stringify(shutdown)});
    const quiet = { info() {}, warn() {}, error() {} };
    setInterval(() => undefined, 1000);
    setTimeout(() => {
      onShutdown(quiet, [() => writeFileSync(${JSON.stringify(marker)}, 'stopped')]);
      if (process.connected) process.send('set');
    }, ${afterMs});
  `;
  return spawn(process.execPath, ['-e', source], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
}

describe('onShutdown in a part the launcher started', () => {
  const marker = () => join(mkdtempSync(join(tmpdir(), 'shutdown-')), 'stopped');

  it('runs its steps and exits when the launcher’s channel ends', async () => {
    const stoppedAt = marker();
    const part = partWithShutdown(stoppedAt, 0);
    await once(part, 'message');
    const exited = once(part, 'exit');
    part.disconnect();
    expect((await exited)[0]).toBe(0);
    expect(existsSync(stoppedAt)).toBe(true);
  });

  it('runs its steps and exits at once when the channel had ended before it was set up (the launcher killed during start-up)', async () => {
    const stoppedAt = marker();
    const part = partWithShutdown(stoppedAt, 300);
    const exited = once(part, 'exit');
    part.disconnect();
    expect((await exited)[0]).toBe(0);
    expect(existsSync(stoppedAt)).toBe(true);
  });
});
