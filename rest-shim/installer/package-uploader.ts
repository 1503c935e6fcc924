import type { Request } from 'express';
import { InstallerStageChunkDocument } from '../generated/graph';
import { operationOf } from '../../lib/graph-client';
import type { ShimGateway } from '../kit/shim-gateway';
import { installerRefusal } from './installer-refusals';

/**
 * Bytes of ZIP per staging operation. Base64 makes 512 KiB into about 683 KiB of JSON, under
 * the 1 MiB body limit of the gateway and the subgraphs.
 */
export const CHUNK_BYTES = 512 * 1024;
const stage = operationOf(InstallerStageChunkDocument);

/**
 * Sends a package to the installer as it arrives: every full chunk becomes one staging operation,
 * and the body is read on only once it is stored. At most one chunk (plus what the socket
 * delivered meanwhile) is held in memory, whatever the package's size.
 */
export class PackageUploader {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private seq = 0;
  private uploadId?: string;
  total = 0;

  constructor(
    private readonly gateway: ShimGateway,
    private readonly req: Request,
    private readonly maxBytes: number,
  ) {}

  async write(data: Buffer): Promise<void> {
    this.total += data.length;
    if (this.total > this.maxBytes) throw installerRefusal('package-invalid', `package-invalid: <archive>: more than the ${this.maxBytes} bytes allowed (INSTALLER_MAX_PACKAGE_MB)`, 422);
    this.pending.push(data);
    this.pendingBytes += data.length;
    while (this.pendingBytes >= CHUNK_BYTES) {
      const all = Buffer.concat(this.pending);
      await this.send(all.subarray(0, CHUNK_BYTES));
      this.pending = [all.subarray(CHUNK_BYTES)];
      this.pendingBytes = all.length - CHUNK_BYTES;
    }
  }

  /** Sends what is left; the id names the whole package, or undefined when no byte came. */
  async finish(): Promise<string | undefined> {
    if (this.total === 0) return undefined;
    if (this.pendingBytes > 0 || this.seq === 0) await this.send(Buffer.concat(this.pending));
    this.pending = [];
    this.pendingBytes = 0;
    return this.uploadId;
  }

  private async send(chunk: Buffer): Promise<void> {
    const data = await this.gateway.run(this.req, stage, { uploadId: this.uploadId, seq: this.seq, data: chunk.toString('base64') });
    this.uploadId = data.stagePackageChunk.id;
    this.seq += 1;
  }
}
