import { CLIENT_ADDRESS_HEADER, INTERNAL_TOKEN_HEADER, loadInternalToken } from '../../auth';
import { clientAddressOf } from './client-address';

describe('clientAddressOf', () => {
  const token = loadInternalToken({ internalToken: 'internal-secret', dataDir: '/nonexistent' });

  it('uses the socket address when nobody vouches', () => {
    expect(clientAddressOf({}, '203.0.113.9', token)).toBe('203.0.113.9');
  });

  it('ignores a claimed address without the internal secret', () => {
    expect(clientAddressOf({ [CLIENT_ADDRESS_HEADER]: '127.0.0.1' }, '203.0.113.9', token)).toBe('203.0.113.9');
    expect(clientAddressOf({ [CLIENT_ADDRESS_HEADER]: '127.0.0.1', [INTERNAL_TOKEN_HEADER]: 'guess' }, '203.0.113.9', token)).toBe('203.0.113.9');
  });

  it('honours the address our own front process vouched for', () => {
    expect(clientAddressOf({ [CLIENT_ADDRESS_HEADER]: '198.51.100.4', [INTERNAL_TOKEN_HEADER]: 'internal-secret' }, '127.0.0.1', token)).toBe('198.51.100.4');
  });
});
