import { CATALOGS, GENERIC_USER_MESSAGE, USER_MESSAGES_EN } from './catalog';

/** Per-process overrides: never persisted, never sent anywhere. */
const overrides = new Map<string, string>();

/**
 * Replaces the text shown for `code` in this process; an empty `text` removes the override so
 * the catalog text applies again.
 */
export function setUserMessage(code: string, text: string): void {
  if (typeof code !== 'string' || code === '') throw new TypeError('setUserMessage: code must be a non-empty string');
  if (typeof text !== 'string') throw new TypeError('setUserMessage: text must be a string');
  if (text === '') overrides.delete(code);
  else overrides.set(code, text);
}

/** The override for `code` when set, else the catalog text, else the generic text. */
export function getUserMessage(code: string, locale = 'en'): string {
  const override = overrides.get(code);
  if (override) return override;
  // own keys only: 'constructor' or '__proto__' must fall back to English like any unknown locale
  const catalog: Readonly<Record<string, string>> = Object.hasOwn(CATALOGS, locale) ? CATALOGS[locale]! : USER_MESSAGES_EN;
  const text = Object.hasOwn(catalog, code) ? catalog[code] : undefined;
  return text || GENERIC_USER_MESSAGE;
}

/**
 * The end-user text for anything thrown. Accepts any object with an `errorCode` (or, for errors
 * from other SDKs of this protocol, `error_code`) string; never throws, never returns ''.
 */
export function formatUserMessage(error: unknown, locale = 'en'): string {
  try {
    const code = codeOf(error);
    return code === undefined ? GENERIC_USER_MESSAGE : getUserMessage(code, typeof locale === 'string' ? locale : 'en');
  } catch {
    // a hostile getter or proxy: the user still gets a sentence
    return GENERIC_USER_MESSAGE;
  }
}

function codeOf(error: unknown): string | undefined {
  if (error === null || (typeof error !== 'object' && typeof error !== 'function')) return undefined;
  const holder = error as { errorCode?: unknown; error_code?: unknown };
  const code = holder.errorCode ?? holder.error_code;
  return typeof code === 'string' && code !== '' ? code : undefined;
}
