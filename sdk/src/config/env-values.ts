import { SvcConfigError } from '../errors/config-errors';

/** Reads one SVC_* variable or option value, naming the culprit when it is invalid. */
export class SettingReader {
  constructor(private readonly env: NodeJS.ProcessEnv) {}

  string(option: string | undefined, variable: string): string | undefined {
    if (option !== undefined) return option;
    const raw = this.env[variable];
    return raw === undefined || raw.trim() === '' ? undefined : raw.trim();
  }

  integer(option: number | undefined, variable: string, fallback: number, range: { min: number; max: number }): number {
    const raw = option ?? this.env[variable];
    if (raw === undefined || raw === '') return fallback;
    const value = typeof raw === 'number' ? raw : /^-?\d+$/.test(raw.trim()) ? Number(raw.trim()) : Number.NaN;
    if (!Number.isInteger(value) || value < range.min || value > range.max) {
      throw invalid(variable, `an integer from ${range.min} to ${range.max}`, raw);
    }
    return value;
  }

  boolean(option: boolean | undefined, variable: string, fallback: boolean): boolean {
    if (option !== undefined) return option;
    const raw = this.env[variable]?.trim().toLowerCase();
    if (raw === undefined || raw === '') return fallback;
    if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
    if (['0', 'false', 'no', 'off'].includes(raw)) return false;
    throw invalid(variable, 'true or false', raw);
  }

  oneOf<T extends string>(option: T | undefined, variable: string, allowed: readonly T[], fallback: T): T {
    const raw = option ?? this.env[variable]?.trim();
    if (raw === undefined || raw === '') return fallback;
    if (!(allowed as readonly string[]).includes(raw)) throw invalid(variable, `one of ${allowed.join(', ')}`, raw);
    return raw as T;
  }

  url(option: string | undefined, variable: string, protocols: readonly string[]): URL | undefined {
    const raw = this.string(option, variable);
    if (raw === undefined) return undefined;
    let parsed: URL;
    try {
      parsed = new URL(raw);
    } catch {
      throw invalid(variable, 'an absolute URL', raw);
    }
    if (!protocols.includes(parsed.protocol)) throw invalid(variable, `a ${protocols.join(' or ')} URL`, raw);
    return parsed;
  }

  list(option: readonly string[] | undefined, variable: string): string[] {
    if (option !== undefined) return [...option];
    return (this.env[variable] ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== '');
  }
}

function invalid(variable: string, expected: string, got: unknown): SvcConfigError {
  return new SvcConfigError(`${variable} must be ${expected} (got ${JSON.stringify(String(got))})`, { errorCode: 'SV-C003' });
}
