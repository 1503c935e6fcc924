import { statSync } from 'node:fs';
import { resolve } from 'node:path';

/** Raised when an environment variable has a value Switchyard cannot use; names the variable. */
export class ConfigError extends Error {
  constructor(readonly variable: string, reason: string) {
    super(`Invalid configuration: ${variable} ${reason}`);
    this.name = 'ConfigError';
  }
}

/** One variable as a reader was asked for it: what `docs/configuration.md` is generated from, with the JSDoc. */
export interface VariableRead {
  name: string;
  /** The reader's method: what the variable accepts. */
  kind: string;
  /** The value used when the variable is unset, as the reader was given it. */
  fallback?: unknown;
  /** What else limits the value: a range, or the allowed words. */
  accepts?: string;
}

/** Typed, validated reads of one environment. Every read names its variable in its error. */
export class EnvReader {
  /** `onRead` hears of every variable asked for, outermost read first (a port is also an integer). */
  constructor(
    private readonly env: NodeJS.ProcessEnv,
    private readonly onRead?: (read: VariableRead) => void,
  ) {}

  string(name: string, fallback: string): string {
    this.onRead?.({ name, kind: 'string', fallback });
    const raw = this.env[name];
    return raw === undefined || raw === '' ? fallback : raw;
  }

  optionalString(name: string): string | undefined {
    this.onRead?.({ name, kind: 'string' });
    const raw = this.env[name];
    return raw === undefined || raw === '' ? undefined : raw;
  }

  boolean(name: string, fallback: boolean): boolean {
    this.onRead?.({ name, kind: 'boolean', fallback });
    const raw = this.optionalString(name);
    if (raw === undefined) return fallback;
    const value = raw.trim().toLowerCase();
    if (['1', 'true', 'yes', 'on'].includes(value)) return true;
    if (['0', 'false', 'no', 'off'].includes(value)) return false;
    throw new ConfigError(name, `must be true or false, got "${raw}"`);
  }

  integer(name: string, fallback: number, range: { min?: number; max?: number } = {}): number {
    this.onRead?.({ name, kind: 'integer', fallback, accepts: rangeText(range) });
    const raw = this.optionalString(name);
    if (raw === undefined) return fallback;
    if (!/^-?\d+$/.test(raw.trim())) throw new ConfigError(name, `must be a whole number, got "${raw}"`);
    const value = Number(raw);
    if (range.min !== undefined && value < range.min) throw new ConfigError(name, `must be at least ${range.min}, got ${value}`);
    if (range.max !== undefined && value > range.max) throw new ConfigError(name, `must be at most ${range.max}, got ${value}`);
    return value;
  }

  port(name: string, fallback: number): number {
    this.onRead?.({ name, kind: 'port', fallback });
    return this.integer(name, fallback, { min: 0, max: 65535 });
  }

  url(name: string, fallback?: string): string | undefined {
    this.onRead?.({ name, kind: 'URL', fallback });
    const raw = this.optionalString(name) ?? fallback;
    if (raw === undefined) return undefined;
    try {
      new URL(raw);
    } catch {
      throw new ConfigError(name, `must be an absolute URL, got "${raw}"`);
    }
    return raw;
  }

  /** An absolute `http:` or `https:` URL. */
  httpUrl(name: string, fallback: string): string {
    this.onRead?.({ name, kind: 'http(s) URL', fallback });
    const value = this.url(name, fallback)!;
    if (!/^https?:$/.test(new URL(value).protocol)) throw new ConfigError(name, `must be an http:// or https:// URL, got "${value}"`);
    return value;
  }

  /** An absolute path to an existing file (relative values resolve from the working directory). */
  optionalFile(name: string): string | undefined {
    this.onRead?.({ name, kind: 'file path' });
    const raw = this.optionalString(name);
    if (raw === undefined) return undefined;
    const path = resolve(raw);
    if (!statSync(path, { throwIfNoEntry: false })?.isFile()) throw new ConfigError(name, `must name an existing file, got "${raw}"`);
    return path;
  }

  /** The path part of a URL, such as `/graphql`. */
  urlPath(name: string, fallback: string): string {
    this.onRead?.({ name, kind: 'URL path', fallback });
    const raw = this.string(name, fallback);
    if (!/^\/[A-Za-z0-9._~/-]*$/.test(raw)) throw new ConfigError(name, `must be a URL path starting with "/", got "${raw}"`);
    return raw;
  }

  list(name: string): string[] {
    this.onRead?.({ name, kind: 'comma-separated list' });
    const raw = this.optionalString(name);
    if (raw === undefined) return [];
    return raw.split(',').map((item) => item.trim()).filter(Boolean);
  }

  /** Web origins such as `https://console.example.com` (scheme, host and port; no path). */
  origins(name: string, fallback: string[]): string[] {
    this.onRead?.({ name, kind: 'comma-separated origins', fallback });
    const listed = this.list(name);
    if (listed.length === 0) return fallback;
    return listed.map((origin) => {
      let url: URL | undefined;
      try {
        url = new URL(origin);
      } catch {
        // reported below
      }
      if (!url || !/^https?:$/.test(url.protocol) || url.origin !== origin.replace(/\/$/, '')) {
        throw new ConfigError(name, `must list origins such as https://console.example.com, got "${origin}"`);
      }
      return url.origin;
    });
  }

  oneOf<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
    this.onRead?.({ name, kind: 'one of', fallback, accepts: allowed.join(', ') });
    const raw = this.optionalString(name);
    if (raw === undefined) return fallback;
    if (!(allowed as readonly string[]).includes(raw)) {
      throw new ConfigError(name, `must be one of ${allowed.join(', ')}, got "${raw}"`);
    }
    return raw as T;
  }
}

function rangeText(range: { min?: number; max?: number }): string | undefined {
  if (range.min !== undefined && range.max !== undefined) return `${range.min} to ${range.max}`;
  if (range.min !== undefined) return `at least ${range.min}`;
  if (range.max !== undefined) return `at most ${range.max}`;
  return undefined;
}
