import { Migration } from '@mikro-orm/migrations';

export class Migration20261127103531 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "store"."customers" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "store_id" int not null, "name" varchar(200) not null, "email" varchar(254) not null, "phone" varchar(50) null, "identification" varchar(50) null, "note" text null, "accepts_marketing" boolean not null default false, "billing" text not null default '{}', "extra" text not null default '{}', "total_spent" bigint not null default 0, "last_order_id" int null);`);
    this.addSql(`create index "customers_store_id_updated_at_id_index" on "store"."customers" ("store_id", "updated_at", "id");`);
    this.addSql(`create index "customers_store_id_created_at_id_index" on "store"."customers" ("store_id", "created_at", "id");`);
    this.addSql(`create index "customers_store_id_id_index" on "store"."customers" ("store_id", "id");`);
    this.addSql(`alter table "store"."customers" add constraint "customers_store_id_email_unique" unique ("store_id", "email");`);

    this.addSql(`create table "store"."customer_addresses" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "store_id" int not null, "customer_id" int not null, "address" varchar(200) not null default '', "number" varchar(50) not null default '', "floor" varchar(100) null, "locality" varchar(100) null, "city" varchar(100) not null default '', "province" varchar(100) not null default '', "zipcode" varchar(20) not null default '', "country" varchar(2) not null default '', "phone" varchar(50) null, "is_default" boolean not null default false);`);
    this.addSql(`create index "customer_addresses_customer_id_id_index" on "store"."customer_addresses" ("customer_id", "id");`);

    this.addSql(`alter table "store"."stores" add column "currency" varchar(3) not null default 'USD';`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "store"."customers" cascade;`);

    this.addSql(`drop table if exists "store"."customer_addresses" cascade;`);

    this.addSql(`alter table "store"."stores" drop column "currency";`);
  }

}
