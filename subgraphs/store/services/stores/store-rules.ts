import { badInput } from '../../../../lib/errors';

const LANGUAGE_CODE = /^[a-z]{2}$/;
export const MAX_LANGUAGES = 10;

export function checkStoreName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '') throw badInput('name', 'name is required');
  if (trimmed.length > 200) throw badInput('name', 'name must be at most 200 characters');
  return trimmed;
}

/** Two-letter lower-case codes (`es`, `pt`, `en`), at least one, none twice, in the given order. */
export function checkLanguages(languages: readonly string[]): string[] {
  if (languages.length === 0) throw badInput('languages', 'a store needs at least one language');
  if (languages.length > MAX_LANGUAGES) throw badInput('languages', `a store has at most ${MAX_LANGUAGES} languages`);
  const codes = languages.map((code) => code.trim().toLowerCase());
  const bad = codes.find((code) => !LANGUAGE_CODE.test(code));
  if (bad !== undefined) throw badInput('languages', `"${bad}" is not a two-letter language code`);
  if (new Set(codes).size !== codes.length) throw badInput('languages', 'a language is listed twice');
  return codes;
}

export function checkMainLanguage(mainLanguage: string, languages: readonly string[]): string {
  const code = mainLanguage.trim().toLowerCase();
  if (!languages.includes(code)) throw badInput('mainLanguage', 'the main language must be one of the languages');
  return code;
}
