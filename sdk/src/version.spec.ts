import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SDK_MIN_VERSION_FOR_V3, SDK_VERSION } from './version';
import { compareVersions } from './runtime/handshake';

describe('the SDK version', () => {
  it('is the package version, and speaks protocol 3', () => {
    const manifest = JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')) as { version: string };
    expect(SDK_VERSION).toBe(manifest.version);
    expect(compareVersions(SDK_VERSION, SDK_MIN_VERSION_FOR_V3)).toBeGreaterThanOrEqual(0);
  });

  it('orders dotted versions numerically', () => {
    expect(compareVersions('0.12.0', '0.9.9')).toBe(1);
    expect(compareVersions('0.12', '0.12.0')).toBe(0);
    expect(compareVersions('1.0.0', '1.0.1')).toBe(-1);
  });
});
