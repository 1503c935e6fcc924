import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { ArchiveLimits } from '../../package/archive-limits';
import { extractArchive } from '../../package/archive-reader';
import type { PackageContents } from '../../package/package-contents';
import { validatePackage } from '../../package/validation/package-validation';
import type { PackageStaging } from '../staging/package-staging.service';

/** A package's files extracted into a private folder, until they are kept or dropped. */
export interface ExtractedPackage {
  /** The extracted files, laid out as in the ZIP. */
  folder: string;
  files: string[];
  /** Removes everything this intake wrote (a folder moved away meanwhile stays where it went). */
  discard(): Promise<void>;
}

/** An extracted package that passed pre-flight validation. */
export interface ReceivedPackage extends ExtractedPackage {
  contents: PackageContents;
}

/**
 * From an upload id to extracted files: the chunks become a file, the file is extracted within
 * the archive limits. Any refusal removes what was written; the upload is used up either way.
 */
export async function extractPackage(staging: PackageStaging, uploadId: string, stagingRoot: string, limits: ArchiveLimits): Promise<ExtractedPackage> {
  const work = join(stagingRoot, randomUUID());
  await mkdir(work, { recursive: true });
  const discard = () => rm(work, { recursive: true, force: true });
  try {
    const archive = join(work, 'package.zip');
    await staging.takeInto(uploadId, archive);
    const folder = join(work, 'files');
    const { files } = await extractArchive(archive, folder, limits);
    await rm(archive);
    return { folder, files, discard };
  } catch (error) {
    await discard();
    await staging.discard(uploadId);
    throw error;
  }
}

/** `extractPackage`, then the pre-flight validation of everything in it. */
export async function receivePackage(staging: PackageStaging, uploadId: string, stagingRoot: string, limits: ArchiveLimits): Promise<ReceivedPackage> {
  const extracted = await extractPackage(staging, uploadId, stagingRoot, limits);
  try {
    return { ...extracted, contents: await validatePackage(extracted.folder, extracted.files) };
  } catch (error) {
    await extracted.discard();
    throw error;
  }
}
