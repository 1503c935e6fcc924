import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import type { ArchiveLimits } from './archive-limits';
import { isAllowedEntry, unsafeEntryReason } from './entry-path';
import { malformedPackage, packageInvalid, problemAt } from './package-errors';

/** What a package's archive held: the files written, by their path in the ZIP, sorted. */
export interface ExtractedArchive {
  files: string[];
  unpackedBytes: number;
}

/** Names the archive as a whole in problems that belong to no one entry. */
export const ARCHIVE = '<archive>';

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const MADE_BY_UNIX = 3;

/** Raised inside the walk to stop it: the entry's problem, or the limit that was crossed. */
class Refused extends Error {}

/**
 * Extracts the ZIP at `archivePath` into `destination` (which must not exist), trusting nothing
 * the archive says about itself: every name is checked before anything is written, symlinks and
 * other non-regular entries are refused, and sizes are counted as bytes come out of the inflater,
 * so a header that lies about them stops the entry at the limit rather than after it.
 *
 * Throws `not-a-zip` (400) or `package-invalid` (422) with every problem found; on any failure
 * `destination` is removed, so a refused package leaves nothing behind.
 */
export async function extractArchive(archivePath: string, destination: string, limits: ArchiveLimits): Promise<ExtractedArchive> {
  const { size } = await stat(archivePath);
  if (size > limits.maxPackageBytes) {
    throw packageInvalid([problemAt(ARCHIVE, `${size} bytes, more than the ${limits.maxPackageBytes} allowed (INSTALLER_MAX_PACKAGE_MB)`)]);
  }
  let zip: ZipFile;
  try {
    zip = await yauzl.openPromise(archivePath, { decodeStrings: false, validateEntrySizes: true, autoClose: true });
  } catch {
    throw malformedPackage('not-a-zip', 'The package is not a ZIP archive');
  }
  await mkdir(destination, { recursive: false });
  try {
    return await new ArchiveWalk(zip, resolve(destination), limits).run();
  } catch (error) {
    zip.close();
    await rm(destination, { recursive: true, force: true });
    throw error;
  }
}

class ArchiveWalk {
  private readonly problems: string[] = [];
  private readonly seen = new Set<string>();
  private readonly files: string[] = [];
  private entries = 0;
  private unpackedBytes = 0;

  constructor(
    private readonly zip: ZipFile,
    private readonly root: string,
    private readonly limits: ArchiveLimits,
  ) {}

  async run(): Promise<ExtractedArchive> {
    if (this.zip.entryCount > this.limits.maxEntries) throw packageInvalid([this.tooManyEntries(this.zip.entryCount)]);
    try {
      for (let entry = await this.next(); entry; entry = await this.next()) await this.take(entry);
    } catch (error) {
      if (!(error instanceof Refused)) throw error;
    }
    if (this.problems.length > 0) throw packageInvalid(this.problems);
    return { files: this.files.sort(), unpackedBytes: this.unpackedBytes };
  }

  private next(): Promise<Entry | undefined> {
    return new Promise((resolve, reject) => {
      const cleanup = () => {
        this.zip.off('entry', onEntry).off('end', onEnd).off('error', onError);
      };
      const onEntry = (entry: Entry) => (cleanup(), resolve(entry));
      const onEnd = () => (cleanup(), resolve(undefined));
      const onError = (error: Error) => (cleanup(), reject(this.corrupt(error)));
      this.zip.on('entry', onEntry).on('end', onEnd).on('error', onError);
      this.zip.readEntry();
    });
  }

  private async take(entry: Entry): Promise<void> {
    this.entries += 1;
    // The central directory's own count is a header; the walk counts what it really meets.
    if (this.entries > this.limits.maxEntries) this.refuse(this.tooManyEntries(this.entries));
    const name = entryName(entry);
    if (name === undefined) return this.skip(`entry #${this.entries}`, 'entry name is not valid UTF-8');
    const unsafe = unsafeEntryReason(name);
    if (unsafe) return this.skip(name, unsafe);
    if (this.seen.has(name)) return this.skip(name, 'duplicate entry');
    this.seen.add(name);
    const kind = entryKind(entry);
    if (kind === 'symlink') return this.skip(name, 'symbolic links are not allowed');
    if (kind === 'other') return this.skip(name, 'only regular files and folders are allowed');
    if (!isAllowedEntry(name)) return this.skip(name, 'not under an allowed folder (manifest.json, upgrade.json, backend/<module>/, frontend/src/<module>/, frontend/app_additions.json)');
    if (name.endsWith('/') || kind === 'directory') return;
    if (entry.isEncrypted()) return this.skip(name, 'encrypted entries are not allowed');
    if (!entry.canDecodeFileData()) return this.skip(name, `unsupported compression method ${entry.compressionMethod}`);
    // Cheap early refusals from the headers; the counting below is what actually holds.
    if (exceedsRatio(entry.uncompressedSize, entry.compressedSize, this.limits.maxRatio)) this.refuse(problemAt(name, this.ratioReason()));
    if (this.unpackedBytes + entry.uncompressedSize > this.limits.maxUnpackedBytes) this.refuse(problemAt(name, this.sizeReason()));
    if (this.problems.length > 0) return; // something is already wrong: keep checking names, write nothing more
    await this.write(entry, name);
  }

  private async write(entry: Entry, name: string): Promise<void> {
    const target = resolve(this.root, name);
    if (!target.startsWith(this.root + sep)) this.refuse(problemAt(name, 'path escapes the package'));
    await mkdir(dirname(target), { recursive: true });
    const counter = new InflatedCounter((bytes) => {
      if (exceedsRatio(bytes, entry.compressedSize, this.limits.maxRatio)) return problemAt(name, this.ratioReason());
      if (this.unpackedBytes + bytes > this.limits.maxUnpackedBytes) return problemAt(name, this.sizeReason());
      return undefined;
    });
    try {
      const source = await this.zip.openReadStreamPromise(entry);
      await pipeline(source, counter, createWriteStream(target, { flags: 'wx' }));
    } catch (error) {
      if (counter.refusal) this.refuse(counter.refusal);
      this.refuse(problemAt(name, `cannot be read (${(error as Error).message})`));
    }
    this.unpackedBytes += counter.bytes;
    this.files.push(name);
  }

  private skip(name: string, reason: string): void {
    this.problems.push(problemAt(name, reason));
  }

  private refuse(problem: string): never {
    this.problems.push(problem);
    throw new Refused(problem);
  }

  private corrupt(error: Error): Error {
    // A broken central directory after the start: the archive is damaged, not merely unsafe.
    return packageInvalid([...this.problems, problemAt(ARCHIVE, `damaged archive (${error.message})`)]);
  }

  private tooManyEntries(count: number): string {
    return problemAt(ARCHIVE, `${count} entries, more than the ${this.limits.maxEntries} allowed`);
  }

  private ratioReason(): string {
    return `compression ratio above ${this.limits.maxRatio}`;
  }

  private sizeReason(): string {
    return `unpacked size of the package above ${this.limits.maxUnpackedBytes} bytes`;
  }
}

/** Counts inflated bytes and fails the pipeline the moment a limit is crossed. */
class InflatedCounter extends Transform {
  bytes = 0;
  refusal?: string;

  constructor(private readonly check: (bytes: number) => string | undefined) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    this.refusal = this.check(this.bytes);
    done(this.refusal ? new Error(this.refusal) : null, chunk);
  }
}

function exceedsRatio(inflated: number, stored: number, maxRatio: number): boolean {
  return inflated > maxRatio * Math.max(stored, 1);
}

/** The entry's name as UTF-8 (flag 11 or the Info-ZIP Unicode path field), ASCII otherwise; undefined when neither holds. */
function entryName(entry: Entry): string | undefined {
  const raw = entry.fileNameRaw;
  const declaredUtf8 = (entry.generalPurposeBitFlag & 0x800) !== 0 || entry.extraFields.some((field) => field.id === 0x7075);
  if (!declaredUtf8 && raw.some((byte) => byte >= 0x80)) return undefined;
  // strictFileNames: keep backslashes as they are, so that they are refused rather than reinterpreted.
  const name = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, raw, entry.extraFields, true);
  return name.includes('\ufffd') ? undefined : name;
}

function entryKind(entry: Entry): 'file' | 'directory' | 'symlink' | 'other' {
  const mode = (entry.externalFileAttributes >>> 16) & 0xffff;
  const unix = entry.versionMadeBy >> 8 === MADE_BY_UNIX;
  if (!unix || (mode & S_IFMT) === 0) return entryNameIsFolder(entry) ? 'directory' : 'file';
  switch (mode & S_IFMT) {
    case S_IFREG:
      return 'file';
    case S_IFDIR:
      return 'directory';
    case 0o120000:
      return 'symlink';
    default:
      return 'other';
  }
}

function entryNameIsFolder(entry: Entry): boolean {
  return entry.fileNameRaw[entry.fileNameRaw.length - 1] === 0x2f;
}

