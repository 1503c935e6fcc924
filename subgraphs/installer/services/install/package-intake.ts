import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { ArchiveLimits } from '../../package/archive-limits';
import { extractArchive } from '../../package/archive-reader';
import type { PackageContents } from '../../package/package-contents';
import { validatePackage } from '../../package/validation/package-validation';
import type { PackageSource } from './package-source';

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
 * From a package source to extracted files: the source fills a file, the file is extracted within
 * the archive limits. Any refusal removes what was written; the upload is used up either way.
 */
export async function extractPackage(source: PackageSource, stagingRoot: string, limits: ArchiveLimits): Promise<ExtractedPackage> {
  const work = join(stagingRoot, randomUUID());
  await mkdir(work, { recursive: true });
  const discard = () => rm(work, { recursive: true, force: true });
  try {
    const archive = join(work, 'package.zip');
    await source.fill(archive);
    const folder = join(work, 'files');
    const { files } = await extractArchive(archive, folder, limits);
    await rm(archive);
    return { folder, files, discard };
  } catch (error) {
    await discard();
    await source.discard();
    throw error;
  }
}

/** `extractPackage`, then the pre-flight validation of everything in it. */
export async function receivePackage(source: PackageSource, stagingRoot: string, limits: ArchiveLimits): Promise<ReceivedPackage> {
  const extracted = await extractPackage(source, stagingRoot, limits);
  try {
    return { ...extracted, contents: await validatePackage(extracted.folder, extracted.files) };
  } catch (error) {
    await extracted.discard();
    throw error;
  }
}
