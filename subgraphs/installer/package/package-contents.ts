import type { AppAdditions, LocaleFile, Manifest, ModelsFile, SeedFile, UpgradeFile } from './contents/package-schemas';

/** A package that passed pre-flight validation: what the install and the upgrade work from. */
export interface PackageContents {
  manifest: Manifest;
  models: ModelsFile;
  /** Rows by model name; empty when the package has no seed.json. */
  seed: SeedFile;
  /** Texts by language, then key. */
  locales: Record<string, LocaleFile>;
  upgrade?: UpgradeFile;
  appAdditions?: AppAdditions;
  /** Every file of the package, by its path in the ZIP, sorted. */
  files: string[];
}
