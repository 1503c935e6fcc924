import { Migration } from '@mikro-orm/migrations';

export class Migration20261122195618 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "store"."installations" add column "suspended_since" timestamptz null;`);
    this.addSql(`create index "installations_suspended_since_paid_until_index" on "store"."installations" ("suspended_since", "paid_until");`);

    this.addSql(`alter table "store"."stores" add column "suspended_since" timestamptz null;`);
    this.addSql(`create index "stores_suspended_since_paid_until_index" on "store"."stores" ("suspended_since", "paid_until");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "store"."installations_suspended_since_paid_until_index";`);
    this.addSql(`alter table "store"."installations" drop column "suspended_since";`);

    this.addSql(`drop index "store"."stores_suspended_since_paid_until_index";`);
    this.addSql(`alter table "store"."stores" drop column "suspended_since";`);
  }

}
