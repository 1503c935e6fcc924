import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** One chunk of a staged package, in order by `seq`. */
@Entity({ tableName: 'package_chunks' })
export class PackageChunk {
  @PrimaryKey({ length: 36 })
  uploadId: string;

  @PrimaryKey({ type: 'integer' })
  seq: number;

  @Property({ type: 'blob' })
  data: Buffer;

  constructor(uploadId: string, seq: number, data: Buffer) {
    this.uploadId = uploadId;
    this.seq = seq;
    this.data = data;
  }
}
