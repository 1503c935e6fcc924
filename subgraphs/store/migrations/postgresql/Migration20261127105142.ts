import { Migration } from '@mikro-orm/migrations';

export class Migration20261127105142 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "store"."orders" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "store_id" int not null, "number" int not null, "token" varchar(40) not null, "customer_id" int null, "customer" text not null, "status" varchar(16) not null, "payment_status" varchar(16) not null, "shipping_status" varchar(16) not null, "currency" varchar(3) not null, "language" varchar(8) not null, "subtotal" bigint not null, "discount" bigint not null, "shipping_cost" bigint not null, "total" bigint not null, "weight" bigint not null, "note" text null, "owner_note" text null, "shipping_address" text not null, "billing_address" text not null, "shipping" varchar(100) not null, "shipping_option" varchar(200) not null, "shipping_tracking_number" varchar(200) null, "shipping_tracking_url" varchar(2048) null, "gateway" varchar(100) not null, "storefront" varchar(16) not null, "coupons" text not null, "extra" text not null, "cancel_reason" varchar(16) null, "paid_at" timestamptz null, "shipped_at" timestamptz null, "closed_at" timestamptz null, "cancelled_at" timestamptz null);`);
    this.addSql(`alter table "store"."orders" add constraint "orders_token_unique" unique ("token");`);
    this.addSql(`create index "orders_store_id_customer_id_id_index" on "store"."orders" ("store_id", "customer_id", "id");`);
    this.addSql(`create index "orders_store_id_updated_at_id_index" on "store"."orders" ("store_id", "updated_at", "id");`);
    this.addSql(`create index "orders_store_id_created_at_id_index" on "store"."orders" ("store_id", "created_at", "id");`);
    this.addSql(`create index "orders_store_id_shipping_status_id_index" on "store"."orders" ("store_id", "shipping_status", "id");`);
    this.addSql(`create index "orders_store_id_payment_status_id_index" on "store"."orders" ("store_id", "payment_status", "id");`);
    this.addSql(`create index "orders_store_id_status_id_index" on "store"."orders" ("store_id", "status", "id");`);
    this.addSql(`create index "orders_store_id_id_index" on "store"."orders" ("store_id", "id");`);
    this.addSql(`alter table "store"."orders" add constraint "orders_store_id_number_unique" unique ("store_id", "number");`);

    this.addSql(`create table "store"."order_lines" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "store_id" int not null, "order_id" int not null, "product_id" int not null, "variant_id" int not null, "name" varchar(500) not null, "price" bigint not null, "quantity" int not null, "sku" varchar(100) null, "weight" bigint null, "free_shipping" boolean not null default false, "stock_claimed" boolean not null default false);`);
    this.addSql(`create index "order_lines_order_id_id_index" on "store"."order_lines" ("order_id", "id");`);

    this.addSql(`alter table "store"."stores" add column "order_count" int not null default 0;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "store"."orders" cascade;`);

    this.addSql(`drop table if exists "store"."order_lines" cascade;`);

    this.addSql(`alter table "store"."stores" drop column "order_count";`);
  }

}
