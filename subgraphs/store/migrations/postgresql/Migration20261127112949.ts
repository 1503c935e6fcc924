import { Migration } from '@mikro-orm/migrations';

export class Migration20261127112949 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "store"."carts" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "store_id" int not null, "token" varchar(40) not null, "coupon_code" varchar(100) null, "order_id" int null);`);
    this.addSql(`alter table "store"."carts" add constraint "carts_token_unique" unique ("token");`);
    this.addSql(`create index "carts_store_id_id_index" on "store"."carts" ("store_id", "id");`);

    this.addSql(`create table "store"."cart_lines" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "cart_id" int not null, "variant_id" int not null, "quantity" int not null);`);
    this.addSql(`alter table "store"."cart_lines" add constraint "cart_lines_cart_id_variant_id_unique" unique ("cart_id", "variant_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "store"."carts" cascade;`);

    this.addSql(`drop table if exists "store"."cart_lines" cascade;`);
  }

}
