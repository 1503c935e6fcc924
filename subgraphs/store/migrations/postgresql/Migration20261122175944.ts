import { Migration } from '@mikro-orm/migrations';

export class Migration20261122175944 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "store"."products" add column "brand_key" varchar(200) null;`);
    this.addSql(`create index "products_brand_key_published_id_index" on "store"."products" ("brand_key", "published", "id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "store"."products_brand_key_published_id_index";`);
    this.addSql(`alter table "store"."products" drop column "brand_key";`);
  }

}
