import { createWriteStream } from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { request } from 'undici';
import { AppError } from '../../../../lib/errors';
import { packageInvalid, problemAt } from '../../package/package-errors';
import { ARCHIVE } from '../../package/archive-reader';
import type { PackageSource } from '../install/package-source';

export const GENERATOR_TOKEN_HEADER = 'x-generator-token';

/** How long the generator may take to answer, and to send the whole package. */
const HEADERS_TIMEOUT_MS = 10_000;
const BODY_TIMEOUT_MS = 60_000;

function generatorUnauthorized(): AppError {
  return new AppError('UNAUTHENTICATED', 'The generator refused the X-Generator-Token: sign in to the generator again', {
    details: { code: 'generator_unauthorized' },
  });
}

/**
 * A generated app's package, downloaded from the generator with the caller's own generator
 * token (`GET {GENERATOR_BACKEND_URL}/api/apps/{id}/package`): a caller the generator does not
 * accept gets nothing. The body is streamed to the file and cut off at the package size limit.
 */
export function generatorPackage(baseUrl: string, appId: string, token: string | undefined, maxBytes: number): PackageSource {
  return {
    async fill(path) {
      if (!token) throw generatorUnauthorized();
      const url = new URL(`api/apps/${encodeURIComponent(appId)}/package`, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
      let response;
      try {
        response = await request(url, { headers: { authorization: `Bearer ${token}` }, headersTimeout: HEADERS_TIMEOUT_MS, bodyTimeout: BODY_TIMEOUT_MS });
      } catch {
        throw new AppError('BAD_GATEWAY', 'The generator could not be reached (GENERATOR_BACKEND_URL)');
      }
      if (response.statusCode === 401 || response.statusCode === 403) {
        await response.body.dump();
        throw generatorUnauthorized();
      }
      if (response.statusCode === 404) {
        await response.body.dump();
        throw new AppError('NOT_FOUND', `The generator has no app ${appId}`, { field: 'app_id' });
      }
      if (response.statusCode !== 200) {
        await response.body.dump();
        throw new AppError('BAD_GATEWAY', `The generator answered ${response.statusCode} for the package`);
      }
      const declared = Number(response.headers['content-length'] ?? 0);
      const tooBig = () => packageInvalid([problemAt(ARCHIVE, `more than the ${maxBytes} bytes allowed (INSTALLER_MAX_PACKAGE_MB)`)]);
      if (declared > maxBytes) {
        await response.body.dump();
        throw tooBig();
      }
      let received = 0;
      const limit = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          received += chunk.length;
          done(received > maxBytes ? tooBig() : null, chunk);
        },
      });
      try {
        await pipeline(response.body, limit, createWriteStream(path, { flags: 'wx' }));
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw new AppError('BAD_GATEWAY', 'The generator stopped sending the package');
      }
    },
    async discard() {
      // Nothing is kept between requests: the next request downloads again.
    },
  };
}
