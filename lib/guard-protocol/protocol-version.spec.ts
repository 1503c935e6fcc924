import { PROTOCOL_VERSION as SDK_PROTOCOL_VERSION } from '../../sdk/src/version';
import { GUARD_PROTOCOL_VERSION } from './protocol-version';

describe('the guard protocol version', () => {
  it('is the one the SDK speaks (the SDK is published apart and keeps its own constant)', () => {
    expect(SDK_PROTOCOL_VERSION).toBe(GUARD_PROTOCOL_VERSION);
  });
});
