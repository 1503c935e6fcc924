import { Migration } from '@mikro-orm/migrations';

export class Migration20261121060552 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create schema if not exists "feed";`);
    this.addSql(`create table "feed"."brands" ("id" varchar(64) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "name" varchar(200) not null, "description" text not null, "url" varchar(2048) not null, "featured_image" varchar(2048) not null, "availability" boolean not null, "is_featured" boolean not null, "subscriber_count" int not null default 0, constraint "brands_pkey" primary key ("id"));`);
    this.addSql(`alter table "feed"."brands" add constraint "brands_url_unique" unique ("url");`);
    this.addSql(`create index "brands_availability_is_featured_index" on "feed"."brands" ("availability", "is_featured");`);

    this.addSql(`create table "feed"."feed_users" ("id" varchar(64) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "email" varchar(254) not null, "email_key" varchar(254) not null, "name" varchar(100) not null, "password_hash" varchar(255) not null, "is_admin" boolean not null default false, "session_seed" varchar(64) null, "session_token_hash" varchar(64) null, "session_expires_at" timestamptz null, constraint "feed_users_pkey" primary key ("id"));`);
    this.addSql(`alter table "feed"."feed_users" add constraint "feed_users_email_key_unique" unique ("email_key");`);
    this.addSql(`alter table "feed"."feed_users" add constraint "feed_users_session_token_hash_unique" unique ("session_token_hash");`);

    this.addSql(`create table "feed"."subscriptions" ("id" varchar(64) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "user_id" varchar(64) not null, "brand_id" varchar(64) not null, constraint "subscriptions_pkey" primary key ("id"));`);
    this.addSql(`create index "subscriptions_brand_id_index" on "feed"."subscriptions" ("brand_id");`);
    this.addSql(`alter table "feed"."subscriptions" add constraint "subscriptions_user_id_brand_id_unique" unique ("user_id", "brand_id");`);

    this.addSql(`alter table "feed"."subscriptions" add constraint "subscriptions_user_id_foreign" foreign key ("user_id") references "feed"."feed_users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "feed"."subscriptions" add constraint "subscriptions_brand_id_foreign" foreign key ("brand_id") references "feed"."brands" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "feed"."subscriptions" drop constraint "subscriptions_brand_id_foreign";`);

    this.addSql(`alter table "feed"."subscriptions" drop constraint "subscriptions_user_id_foreign";`);

    this.addSql(`drop table if exists "feed"."brands" cascade;`);

    this.addSql(`drop table if exists "feed"."feed_users" cascade;`);

    this.addSql(`drop table if exists "feed"."subscriptions" cascade;`);

    this.addSql(`drop schema if exists "feed";`);
  }

}
