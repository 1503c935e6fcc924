import { canonicalHost } from '../net/addresses/host-name';
import { trustProxies } from '../net/addresses/trusted-proxies';
import { ConfigError, type EnvReader } from './env-reader';

/** The settings every deployment of the base has (specs: store-api-and-installer, area B). */
export interface BaseSettings {
  /**
   * Host names the public processes answer for, canonical (`ALLOWED_HOSTS`, comma-separated; `*`
   * allows any, `.example.com` a domain and its subdomains). @default ["127.0.0.1", "localhost"]
   */
  allowedHosts: string[];
  /**
   * The application secret (`SECRET_KEY`, at least 32 characters): the secrets not given by
   * their own variables are derived from it, so replicas given the same one agree.
   */
  secretKey?: string;
  /** The code generator's service (`GENERATOR_BACKEND_URL`). @default http://127.0.0.1:8000 */
  generatorBackendUrl: string;
  /**
   * Peers whose `X-Forwarded-For` names the client (`TRUSTED_PROXIES`, comma-separated addresses,
   * CIDR ranges, `loopback`, `linklocal`, `uniquelocal`): the load balancer in front of the shim
   * and the gateway. @default none (the socket's peer is the client)
   */
  trustedProxies: string[];
}

export const DEFAULT_ALLOWED_HOSTS = ['127.0.0.1', 'localhost'];
const SECRET_KEY_MIN_LENGTH = 32;

export function readBaseSettings(read: EnvReader): BaseSettings {
  const secretKey = read.optionalString('SECRET_KEY');
  if (secretKey !== undefined && secretKey.length < SECRET_KEY_MIN_LENGTH) {
    throw new ConfigError('SECRET_KEY', `must be at least ${SECRET_KEY_MIN_LENGTH} characters (e.g. the output of \`openssl rand -hex 32\`)`);
  }
  return {
    allowedHosts: readAllowedHosts(read),
    secretKey,
    generatorBackendUrl: read.httpUrl('GENERATOR_BACKEND_URL', 'http://127.0.0.1:8000'),
    trustedProxies: readTrustedProxies(read),
  };
}

function readTrustedProxies(read: EnvReader): string[] {
  const entries = read.list('TRUSTED_PROXIES');
  for (const entry of entries) {
    try {
      trustProxies([entry]);
    } catch {
      throw new ConfigError('TRUSTED_PROXIES', `has "${entry}", which is not an IP address, a CIDR range, loopback, linklocal or uniquelocal`);
    }
  }
  return entries;
}

function readAllowedHosts(read: EnvReader): string[] {
  const entries = read.list('ALLOWED_HOSTS');
  if (entries.length === 0) return DEFAULT_ALLOWED_HOSTS;
  return entries.map((entry) => {
    if (entry === '*') return entry;
    const parsed = canonicalHost(entry);
    if (!parsed || parsed.port !== undefined) {
      throw new ConfigError('ALLOWED_HOSTS', `has "${entry}", which is not a host name or IP address (give hosts without scheme or port)`);
    }
    // `.example.com` keeps its leading dot: it stands for the domain and its subdomains.
    return parsed.host;
  });
}
