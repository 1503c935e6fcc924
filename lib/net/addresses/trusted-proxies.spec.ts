import type { IncomingMessage } from 'node:http';
import { peerAddress, requestScheme, trustProxies } from './trusted-proxies';

/** A request as it arrives: from `peer`, with the `X-Forwarded-For` it carries. */
const arriving = (peer: string, forwardedFor?: string) =>
  ({ socket: { remoteAddress: peer }, connection: { remoteAddress: peer }, headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor } }) as unknown as IncomingMessage;

describe('peerAddress', () => {
  it('is the socket peer when no proxy is trusted, whatever X-Forwarded-For claims', () => {
    expect(peerAddress(arriving('198.51.100.4', '127.0.0.1'), trustProxies([]))).toBe('198.51.100.4');
  });

  it('takes the client a trusted proxy names, walking back past trusted hops only', () => {
    const trusted = trustProxies(['10.0.0.0/8', 'loopback']);
    expect(peerAddress(arriving('10.1.2.3', '203.0.113.7'), trusted)).toBe('203.0.113.7');
    // A client's own claim sits before the address the proxy appended: it is not believed.
    expect(peerAddress(arriving('10.1.2.3', '127.0.0.1, 203.0.113.7'), trusted)).toBe('203.0.113.7');
    expect(peerAddress(arriving('127.0.0.1', '203.0.113.7, 10.9.9.9'), trusted)).toBe('203.0.113.7');
    // A peer that is not trusted is the client, even with the header.
    expect(peerAddress(arriving('198.51.100.4', '203.0.113.7'), trusted)).toBe('198.51.100.4');
    expect(peerAddress(arriving('10.1.2.3'), trusted)).toBe('10.1.2.3');
  });

  it('refuses an entry that is no address, range or name', () => {
    expect(() => trustProxies(['haproxy.internal'])).toThrow();
  });
});

describe('requestScheme', () => {
  const sent = (peer: string, proto?: string, encrypted = false) =>
    ({ socket: { remoteAddress: peer, encrypted }, headers: proto === undefined ? {} : { 'x-forwarded-proto': proto } }) as unknown as IncomingMessage;

  it('believes X-Forwarded-Proto from a trusted proxy only, its first scheme', () => {
    const trusted = trustProxies(['10.0.0.0/8']);
    expect(requestScheme(sent('10.1.2.3', 'https'), trusted)).toBe('https');
    expect(requestScheme(sent('10.1.2.3', ' https , http'), trusted)).toBe('https');
    expect(requestScheme(sent('198.51.100.4', 'https'), trusted)).toBe('http');
    expect(requestScheme(sent('10.1.2.3'), trusted)).toBe('http');
    expect(requestScheme(sent('198.51.100.4', 'http', true), trusted)).toBe('https');
  });
});
