/**
 * Why an entry name from a ZIP's central directory cannot be written under the package folder,
 * or undefined when it can. Names are attacker-chosen bytes: no absolute paths (POSIX, drive
 * letters, UNC), no backslashes (a Windows separator the ZIP format does not allow), no `..` or
 * `.` segments, no empty segments, no control characters.
 */
export function unsafeEntryReason(name: string): string | undefined {
  if (name.length === 0) return 'empty entry name';
  if (name.length > 512) return 'entry name longer than 512 characters';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'control character in entry name';
  if (name.includes('\\')) return 'backslash in entry name';
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) return 'absolute path';
  const segments = (name.endsWith('/') ? name.slice(0, -1) : name).split('/');
  if (segments.includes('..')) return 'path escapes the package (..)';
  if (segments.some((segment) => segment === '' || segment === '.')) return 'empty or "." path segment';
  return undefined;
}

const MODULE_SEGMENT = '[^/]+';
const SOURCE = '(?:[^/]+/)*[^/]+';

/** The places a package may put files (installer.md, "The package"); `<module>` is checked later against the manifest. */
const ALLOWED_FILES: RegExp[] = [
  /^manifest\.json$/,
  /^upgrade\.json$/,
  /^frontend\/app_additions\.json$/,
  new RegExp(`^backend/${MODULE_SEGMENT}/models\\.json$`),
  new RegExp(`^backend/${MODULE_SEGMENT}/seed\\.json$`),
  new RegExp(`^backend/${MODULE_SEGMENT}/locales/[^/]+\\.json$`),
  new RegExp(`^backend/${MODULE_SEGMENT}/${SOURCE}\\.ts$`),
  new RegExp(`^frontend/src/${MODULE_SEGMENT}/${SOURCE}\\.(?:ts|tsx|js|jsx|css)$`),
];

/** Folders that may appear as directory entries: the ancestors of the allowed files. */
const ALLOWED_FOLDERS = [/^backend\/$/, new RegExp(`^backend/${MODULE_SEGMENT}/(?:[^/]+/)*$`), /^frontend\/$/, /^frontend\/src\/$/, new RegExp(`^frontend/src/${MODULE_SEGMENT}/(?:[^/]+/)*$`)];

export function isAllowedEntry(name: string): boolean {
  return (name.endsWith('/') ? ALLOWED_FOLDERS : ALLOWED_FILES).some((pattern) => pattern.test(name));
}

/** The `<module>` folder an entry sits in (`backend/<module>/…`, `frontend/src/<module>/…`), if any. */
export function moduleFolderOf(name: string): string | undefined {
  return /^backend\/([^/]+)\//.exec(name)?.[1] ?? /^frontend\/src\/([^/]+)\//.exec(name)?.[1];
}
