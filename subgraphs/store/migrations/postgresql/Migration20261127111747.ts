import { Migration } from '@mikro-orm/migrations';

export class Migration20261127111747 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "store"."coupons" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "store_id" int not null, "code" varchar(100) not null, "code_key" varchar(100) not null, "type" varchar(16) not null, "value" bigint null, "valid" boolean not null default true, "used" int not null default 0, "max_uses" int null, "start_date" varchar(10) null, "end_date" varchar(10) null, "min_price" bigint null, "categories" text null);`);
    this.addSql(`create index "coupons_store_id_id_index" on "store"."coupons" ("store_id", "id");`);
    this.addSql(`alter table "store"."coupons" add constraint "coupons_store_id_code_key_unique" unique ("store_id", "code_key");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "store"."coupons" cascade;`);
  }

}
