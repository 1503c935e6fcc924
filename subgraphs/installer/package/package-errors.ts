import { AppError } from '../../../lib/errors';

/**
 * The installer's body errors carry what decisions.md shows under `detail[].package`, so the shim
 * renders them without knowing why they happened.
 */
export type MalformedPackage = 'missing-package' | 'invalid-json' | 'invalid-base64' | 'invalid-config' | 'not-a-zip';

export function malformedPackage(reason: MalformedPackage, message: string): AppError {
  return new AppError('MALFORMED_BODY', message, { field: 'package', details: { package: [reason] } });
}

/** 422: every problem found, each `package-invalid: <path>: ...`. */
export function packageInvalid(problems: string[]): AppError {
  return new AppError('UNPROCESSABLE', `The package has ${problems.length} problem(s)`, { field: 'package', details: { package: problems } });
}

/** Formats one problem of one file in the package, as the 422 body lists it. */
export function problemAt(path: string, message: string, line?: number): string {
  return line === undefined ? `package-invalid: ${path}: ${message}` : `package-invalid: ${path}: line ${line}: ${message}`;
}
