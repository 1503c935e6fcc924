import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { ArchiveLimits } from '../../package/archive-limits';
import { extractArchive } from '../../package/archive-reader';
import type { PackageContents } from '../../package/package-contents';
import { validatePackage } from '../../package/validation/package-validation';
import type { PackageStaging } from '../staging/package-staging.service';

/** A package read and validated, its files in a private folder until they are kept or dropped. */
export interface ReceivedPackage {
  contents: PackageContents;
  /** The extracted files, laid out as in the ZIP. */
  folder: string;
  /** Removes everything this intake wrote. */
  discard(): Promise<void>;
}

/**
 * From an upload id to a validated package: the chunks become a file, the file is extracted
 * with the archive limits, the files are validated. Any refusal removes what was written.
 */
export async function receivePackage(staging: PackageStaging, uploadId: string, stagingRoot: string, limits: ArchiveLimits): Promise<ReceivedPackage> {
  const work = join(stagingRoot, randomUUID());
  await mkdir(work, { recursive: true });
  const discard = () => rm(work, { recursive: true, force: true });
  try {
    const archive = join(work, 'package.zip');
    await staging.takeInto(uploadId, archive);
    const folder = join(work, 'files');
    const { files } = await extractArchive(archive, folder, limits);
    await rm(archive);
    const contents = await validatePackage(folder, files);
    return { contents, folder, discard };
  } catch (error) {
    await discard();
    throw error;
  }
}
