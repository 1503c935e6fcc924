import { InstallerGate, isLoopback } from './installer-gate';

describe('isLoopback', () => {
  it.each(['127.0.0.1', '127.1.2.3', '127.255.255.254', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1', '::FFFF:127.9.9.9'])('%s is loopback', (address) => {
    expect(isLoopback(address)).toBe(true);
  });

  it.each(['10.0.0.1', '192.168.1.10', '128.0.0.1', '::ffff:10.0.0.1', '::2', 'fe80::1', '::', '0.0.0.0', '', 'localhost', '127.0.0.1, 10.0.0.1', '::ffff:7f00:1x'])('%s is not', (address) => {
    expect(isLoopback(address)).toBe(false);
  });
});

describe('InstallerGate', () => {
  const reasonOf = (run: () => void) => {
    try {
      run();
    } catch (error) {
      return (error as { extensions: { code: string; details: { reason: string; code: string } } }).extensions;
    }
    return undefined;
  };

  it('lets loopback callers in without a token configured, and refuses the others with a reason', () => {
    const gate = new InstallerGate(undefined);
    expect(reasonOf(() => gate.check('127.0.0.1', undefined))).toBeUndefined();
    expect(reasonOf(() => gate.check('::1', 'anything'))).toBeUndefined();
    const refused = reasonOf(() => gate.check('192.168.1.20', undefined));
    expect(refused).toMatchObject({ code: 'FORBIDDEN', details: { code: 'installer_forbidden' } });
    expect(refused?.details.reason).toMatch(/loopback/);
  });

  it('asks every caller for the token once one is configured, loopback included', () => {
    const gate = new InstallerGate('s3cret-token');
    expect(reasonOf(() => gate.check('127.0.0.1', undefined))?.details.reason).toMatch(/X-Installer-Token/);
    expect(reasonOf(() => gate.check('127.0.0.1', 's3cret-tokeX'))?.details.reason).toMatch(/does not match/);
    expect(reasonOf(() => gate.check('127.0.0.1', 's3cret'))?.details.reason).toMatch(/does not match/);
    expect(reasonOf(() => gate.check('203.0.113.9', 's3cret-token'))).toBeUndefined();
  });
});
