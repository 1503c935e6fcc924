import { Migration } from '@mikro-orm/migrations';

export class Migration20261122172902 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create schema if not exists "store";`);
    this.addSql(`create table "store"."apps" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "name" varchar(100) not null, "developer_id" varchar(64) not null, "client_secret_seed" varchar(64) not null, "client_secret_hash" varchar(64) not null, "redirect_url" varchar(2048) not null, "scopes" varchar(200) not null, "monthly_price_cents" int not null);`);
    this.addSql(`create index "apps_developer_id_index" on "store"."apps" ("developer_id");`);

    this.addSql(`create table "store"."authorization_codes" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "code_hash" varchar(64) not null, "store_id" int not null, "app_id" int not null, "expires_at" timestamptz not null);`);
    this.addSql(`alter table "store"."authorization_codes" add constraint "authorization_codes_code_hash_unique" unique ("code_hash");`);
    this.addSql(`create index "authorization_codes_expires_at_index" on "store"."authorization_codes" ("expires_at");`);

    this.addSql(`create table "store"."categories" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "store_id" int not null, "parent_id" int null, "google_shopping_category" varchar(500) null);`);
    this.addSql(`create index "categories_store_id_updated_at_id_index" on "store"."categories" ("store_id", "updated_at", "id");`);
    this.addSql(`create index "categories_store_id_created_at_id_index" on "store"."categories" ("store_id", "created_at", "id");`);
    this.addSql(`create index "categories_store_id_parent_id_id_index" on "store"."categories" ("store_id", "parent_id", "id");`);
    this.addSql(`create index "categories_store_id_id_index" on "store"."categories" ("store_id", "id");`);

    this.addSql(`create table "store"."category_texts" ("id" serial primary key, "category_id" int not null, "store_id" int not null, "language" varchar(8) not null, "name" varchar(500) not null default '', "description" text not null default '', "handle" varchar(500) null);`);
    this.addSql(`alter table "store"."category_texts" add constraint "category_texts_store_id_language_handle_unique" unique ("store_id", "language", "handle");`);
    this.addSql(`alter table "store"."category_texts" add constraint "category_texts_category_id_language_unique" unique ("category_id", "language");`);

    this.addSql(`create table "store"."installations" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "store_id" int not null, "app_id" int not null, "token_hash" varchar(64) not null, "scopes" varchar(200) not null, "paid_until" timestamptz null);`);
    this.addSql(`alter table "store"."installations" add constraint "installations_token_hash_unique" unique ("token_hash");`);
    this.addSql(`alter table "store"."installations" add constraint "installations_store_id_app_id_unique" unique ("store_id", "app_id");`);

    this.addSql(`create table "store"."products" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "store_id" int not null, "published" boolean not null default true, "free_shipping" boolean not null default false, "requires_shipping" boolean not null default true, "canonical_url" varchar(2048) null, "video_url" varchar(2048) null, "brand" varchar(200) null, "tags" text not null default '', "attributes" text not null default '[]', "sort_price" bigint not null default 999999999999999, "stock" int not null default 2147483647);`);
    this.addSql(`create index "products_store_id_updated_at_id_index" on "store"."products" ("store_id", "updated_at", "id");`);
    this.addSql(`create index "products_store_id_created_at_id_index" on "store"."products" ("store_id", "created_at", "id");`);
    this.addSql(`create index "products_store_id_stock_id_index" on "store"."products" ("store_id", "stock", "id");`);
    this.addSql(`create index "products_store_id_sort_price_id_index" on "store"."products" ("store_id", "sort_price", "id");`);
    this.addSql(`create index "products_store_id_free_shipping_id_index" on "store"."products" ("store_id", "free_shipping", "id");`);
    this.addSql(`create index "products_store_id_published_id_index" on "store"."products" ("store_id", "published", "id");`);
    this.addSql(`create index "products_store_id_id_index" on "store"."products" ("store_id", "id");`);

    this.addSql(`create table "store"."product_categories" ("id" serial primary key, "product_id" int not null, "category_id" int not null, "store_id" int not null);`);
    this.addSql(`create index "product_categories_category_id_product_id_index" on "store"."product_categories" ("category_id", "product_id");`);
    this.addSql(`alter table "store"."product_categories" add constraint "product_categories_product_id_category_id_unique" unique ("product_id", "category_id");`);

    this.addSql(`create table "store"."product_images" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "product_id" int not null, "store_id" int not null, "src" varchar(2048) not null, "position" int not null, "alt" text not null default '{}');`);
    this.addSql(`create index "product_images_product_id_position_id_index" on "store"."product_images" ("product_id", "position", "id");`);

    this.addSql(`create table "store"."product_page_marks" ("id" serial primary key, "store_id" int not null, "first_product_id" int not null, "product_count" int not null);`);
    this.addSql(`alter table "store"."product_page_marks" add constraint "product_page_marks_store_id_first_product_id_unique" unique ("store_id", "first_product_id");`);

    this.addSql(`create table "store"."product_texts" ("id" serial primary key, "product_id" int not null, "store_id" int not null, "language" varchar(8) not null, "name" varchar(500) not null default '', "description" text not null default '', "handle" varchar(500) null, "seo_title" varchar(70) not null default '', "seo_description" varchar(320) not null default '');`);
    this.addSql(`create index "product_texts_store_id_language_name_product_id_index" on "store"."product_texts" ("store_id", "language", "name", "product_id");`);
    this.addSql(`alter table "store"."product_texts" add constraint "product_texts_store_id_language_handle_unique" unique ("store_id", "language", "handle");`);
    this.addSql(`alter table "store"."product_texts" add constraint "product_texts_product_id_language_unique" unique ("product_id", "language");`);

    this.addSql(`create table "store"."stores" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "name" varchar(200) not null, "owner_id" varchar(64) not null, "languages" varchar(200) not null, "main_language" varchar(8) not null, "paid_until" timestamptz not null, "product_count" int not null default 0, "products_created" int not null default 0, "category_count" int not null default 0);`);
    this.addSql(`create index "stores_owner_id_index" on "store"."stores" ("owner_id");`);

    this.addSql(`create table "store"."variants" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "product_id" int not null, "store_id" int not null, "position" int not null, "image_id" int null, "price" bigint null, "compare_at_price" bigint null, "promotional_price" bigint null, "cost" bigint null, "stock_management" boolean not null default false, "stock" int null, "weight" bigint null, "width" bigint null, "height" bigint null, "depth" bigint null, "sku" varchar(100) null, "values" text not null default '[]', "barcode" varchar(100) null, "mpn" varchar(100) null, "age_group" varchar(20) null, "gender" varchar(20) null);`);
    this.addSql(`create index "variants_store_id_sku_id_index" on "store"."variants" ("store_id", "sku", "id");`);
    this.addSql(`create index "variants_product_id_position_id_index" on "store"."variants" ("product_id", "position", "id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "store"."apps" cascade;`);

    this.addSql(`drop table if exists "store"."authorization_codes" cascade;`);

    this.addSql(`drop table if exists "store"."categories" cascade;`);

    this.addSql(`drop table if exists "store"."category_texts" cascade;`);

    this.addSql(`drop table if exists "store"."installations" cascade;`);

    this.addSql(`drop table if exists "store"."products" cascade;`);

    this.addSql(`drop table if exists "store"."product_categories" cascade;`);

    this.addSql(`drop table if exists "store"."product_images" cascade;`);

    this.addSql(`drop table if exists "store"."product_page_marks" cascade;`);

    this.addSql(`drop table if exists "store"."product_texts" cascade;`);

    this.addSql(`drop table if exists "store"."stores" cascade;`);

    this.addSql(`drop table if exists "store"."variants" cascade;`);

    this.addSql(`drop schema if exists "store";`);
  }

}
