import { Entity, Enum, Index, PrimaryKey, Property } from '@mikro-orm/core';
import type { PackageContents } from '../package/package-contents';

export type ModuleState = 'pending' | 'live';

/**
 * A module the installer knows: pending until the deferred apply has built its tables, seeded
 * them and loaded its texts, then live at `version`. The package's contents are kept here, not
 * only on one machine's disk, so whichever instance applies the install has all it needs.
 */
@Entity({ tableName: 'installed_modules' })
@Index({ properties: ['state'] })
export class InstalledModule {
  @PrimaryKey({ length: 40 })
  module: string;

  @Enum({ items: ['pending', 'live'], length: 10 })
  state: ModuleState = 'pending';

  /** The manifest's `schema_version` the module is (or will be) at. */
  @Property({ type: 'integer' })
  version: number;

  /** Manifest, models, seed, locales and front-end additions of the package last installed or upgraded. */
  @Property({ type: 'json' })
  contents: Omit<PackageContents, 'files'>;

  /** Paths of the package's files, kept under DATA_DIR/modules/<module>/. */
  @Property({ type: 'json' })
  files: string[];

  /** The accounts user made the module's top-role member when it goes live (config.admin). */
  @Property({ length: 64, nullable: true })
  adminUserId?: string;

  /** Why the last apply failed; cleared when it succeeds. */
  @Property({ type: 'text', nullable: true })
  lastError?: string;

  @Property({ type: 'integer', default: 0 })
  attempts: number = 0;

  @Property({ type: 'datetime' })
  requestedAt: Date = new Date();

  @Property({ type: 'datetime', nullable: true })
  liveAt?: Date;

  @Property({ type: 'datetime', onUpdate: () => new Date() })
  updatedAt: Date = new Date();

  constructor(module: string, version: number, contents: Omit<PackageContents, 'files'>, files: string[], adminUserId?: string) {
    this.module = module;
    this.version = version;
    this.contents = contents;
    this.files = files;
    this.adminUserId = adminUserId;
  }
}
