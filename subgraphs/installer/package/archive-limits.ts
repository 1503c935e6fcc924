/** What an archive may hold before it is refused as unsafe (installer.md, "Pre-flight validation"). */
export interface ArchiveLimits {
  /** Entries, directories included. @default 5000 */
  maxEntries: number;
  /** Inflated bytes of all entries together, counted as they are inflated. @default 200 MiB */
  maxUnpackedBytes: number;
  /** Inflated bytes of one entry over its stored bytes. @default 100 */
  maxRatio: number;
  /** Bytes of the archive itself (`INSTALLER_MAX_PACKAGE_MB`). @default 50 MiB */
  maxPackageBytes: number;
}

export const DEFAULT_ARCHIVE_LIMITS: ArchiveLimits = {
  maxEntries: 5000,
  maxUnpackedBytes: 200 * 1024 * 1024,
  maxRatio: 100,
  maxPackageBytes: 50 * 1024 * 1024,
};
