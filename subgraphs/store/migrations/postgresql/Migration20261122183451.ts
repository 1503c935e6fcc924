import { Migration } from '@mikro-orm/migrations';

export class Migration20261122183451 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "store"."stores" add column "published_count" int not null default 0, add column "free_shipping_count" int not null default 0;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "store"."stores" drop column "published_count", drop column "free_shipping_count";`);
  }

}
