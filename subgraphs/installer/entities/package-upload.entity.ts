import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * A package on its way in: the shim writes it here in chunks (each under the gateway's body
 * limit), then names it by id in `installPackage`. Kept in the database, not on a disk, so a
 * chunk may land on any instance.
 */
@Entity({ tableName: 'package_uploads' })
export class PackageUpload {
  @PrimaryKey({ length: 36 })
  id: string;

  /** Bytes received so far (the ZIP's, not the base64 text's). */
  @Property({ type: 'integer' })
  bytes: number = 0;

  /** Chunks received so far; the next one must carry this number. */
  @Property({ type: 'integer' })
  chunks: number = 0;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  constructor(id: string) {
    this.id = id;
  }
}
