import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { AppError, notFound } from '../../../../lib/errors';
import { forUpdate, type SqlEntityManager } from '../../../../lib/db';
import { PackageChunk, PackageUpload } from '../../entities';
import { ARCHIVE } from '../../package/archive-reader';
import { malformedPackage, packageInvalid, problemAt } from '../../package/package-errors';
import type { PackageSource } from '../install/package-source';

/**
 * Largest chunk accepted, in bytes of the ZIP. Its base64 text (4/3 larger) plus the operation
 * stays well under the 1 MiB JSON limit of the gateway and the subgraph.
 */
export const MAX_CHUNK_BYTES = 512 * 1024;
/** Uploads never named by an install are swept after this long. */
const ABANDONED_AFTER_MS = 60 * 60 * 1000;
/** Chunks read back at a time when a package is put together: bounds the memory it takes. */
const CHUNKS_PER_READ = 8;

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * Packages arrive in chunks, each one GraphQL operation small enough for the gateway's body
 * limit, and are kept in the database until an install or upgrade names them.
 */
export class PackageStaging {
  constructor(
    private readonly em: SqlEntityManager,
    private readonly maxPackageBytes: number,
  ) {}

  /** Adds chunk `seq` (0 starts a new upload, whose id is returned) of a package, base64-encoded. */
  async addChunk(uploadId: string | undefined, seq: number, base64: string): Promise<PackageUpload> {
    if (base64.length % 4 !== 0 || !BASE64.test(base64)) throw malformedPackage('invalid-base64', 'The chunk is not valid base64');
    const data = Buffer.from(base64, 'base64');
    if (data.length > MAX_CHUNK_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', `A chunk holds at most ${MAX_CHUNK_BYTES} bytes`, { field: 'data' });
    if (uploadId === undefined) {
      if (seq !== 0) throw new AppError('BAD_USER_INPUT', 'A new upload starts with chunk 0', { field: 'seq' });
      await this.sweepAbandoned();
      const upload = new PackageUpload(randomUUID());
      return this.append(upload, data, true);
    }
    return this.em.transactional(async (em) => {
      const upload = await em.findOne(PackageUpload, { id: uploadId }, forUpdate(em));
      if (!upload) throw notFound('No such package upload');
      if (seq !== upload.chunks) throw new AppError('CONFLICT', `Chunk ${upload.chunks} is expected next, not ${seq}`, { field: 'seq' });
      return new PackageStaging(em, this.maxPackageBytes).append(upload, data, false);
    });
  }

  private async append(upload: PackageUpload, data: Buffer, isNew: boolean): Promise<PackageUpload> {
    if (upload.bytes + data.length > this.maxPackageBytes) {
      if (!isNew) await this.discard(upload.id);
      throw packageInvalid([problemAt(ARCHIVE, `more than the ${this.maxPackageBytes} bytes allowed (INSTALLER_MAX_PACKAGE_MB)`)]);
    }
    this.em.persist(new PackageChunk(upload.id, upload.chunks, data));
    upload.bytes += data.length;
    upload.chunks += 1;
    this.em.persist(upload);
    await this.em.flush();
    return upload;
  }

  /**
   * Writes the upload's chunks, in order, to `path`, a few at a time, then forgets the upload:
   * a package is used once, whatever its install makes of it.
   */
  async takeInto(uploadId: string, path: string): Promise<void> {
    const upload = await this.em.findOne(PackageUpload, { id: uploadId });
    if (!upload) throw malformedPackage('missing-package', 'No package was uploaded under this id');
    const file = createWriteStream(path, { flags: 'wx' });
    try {
      for (let from = 0; from < upload.chunks; from += CHUNKS_PER_READ) {
        const chunks = await this.em.find(PackageChunk, { uploadId, seq: { $gte: from, $lt: from + CHUNKS_PER_READ } }, { orderBy: { seq: 'asc' } });
        for (const chunk of chunks) if (!file.write(chunk.data)) await once(file, 'drain');
        this.em.clear();
      }
    } finally {
      file.end();
      await once(file, 'close');
    }
    await this.discard(uploadId);
  }

  /** The staged upload as a package source for an install or an upgrade. */
  source(uploadId: string): PackageSource {
    return { fill: (path) => this.takeInto(uploadId, path), discard: () => this.discard(uploadId) };
  }

  async discard(uploadId: string): Promise<void> {
    await this.em.nativeDelete(PackageChunk, { uploadId });
    await this.em.nativeDelete(PackageUpload, { id: uploadId });
  }

  private async sweepAbandoned(): Promise<void> {
    const stale = await this.em.find(PackageUpload, { createdAt: { $lt: new Date(Date.now() - ABANDONED_AFTER_MS) } }, { fields: ['id'] });
    for (const upload of stale) await this.discard(upload.id);
  }
}
