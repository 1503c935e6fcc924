import { timingSafeEqual, createHash } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import { AppError } from '../../../../lib/errors';

export const INSTALLER_TOKEN_HEADER = 'x-installer-token';

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (`::ffff:127.0.0.1`), which dual-stack sockets report. */
export function isLoopback(address: string): boolean {
  const plain = address.toLowerCase().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  const family = isIP(plain);
  return family !== 0 && LOOPBACK.check(plain, family === 4 ? 'ipv4' : 'ipv6');
}

/** Equal-length digests, so the comparison's time says nothing about the token, not even its length. */
function sameToken(presented: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(presented), digest(expected));
}

export function installerForbidden(reason: string): AppError {
  return new AppError('FORBIDDEN', reason, { details: { auth: ['forbidden'], code: 'installer_forbidden', reason } });
}

/**
 * Who may install and upgrade (installer.md, "The gate"): with INSTALLER_AGENT_TOKEN set, every
 * caller sends it in X-Installer-Token, loopback or not; without it, loopback callers only. The
 * address is the one the shim saw on its socket, vouched for with the internal token; a bearer
 * JWT never stands in for the installer token.
 */
export class InstallerGate {
  constructor(private readonly agentToken: string | undefined) {}

  check(clientAddress: string, presentedToken: string | undefined): void {
    if (this.agentToken !== undefined) {
      if (presentedToken === undefined || presentedToken === '') throw installerForbidden('Send the installer agent token in the X-Installer-Token header.');
      if (!sameToken(presentedToken, this.agentToken)) throw installerForbidden('The X-Installer-Token header does not match INSTALLER_AGENT_TOKEN.');
      return;
    }
    if (!isLoopback(clientAddress)) {
      throw installerForbidden('Installs are accepted from the machine itself (loopback) only; call from there, or set INSTALLER_AGENT_TOKEN and send it as X-Installer-Token.');
    }
  }
}
