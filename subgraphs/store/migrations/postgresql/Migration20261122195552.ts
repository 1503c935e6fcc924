import { Migration } from '@mikro-orm/migrations';

export class Migration20261122195552 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "store"."scripts" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "store_id" int not null, "app_id" int not null, "src" varchar(2048) not null, "event" varchar(20) not null, "location" varchar(20) not null);`);
    this.addSql(`create index "scripts_store_id_id_index" on "store"."scripts" ("store_id", "id");`);
    this.addSql(`create index "scripts_store_id_app_id_id_index" on "store"."scripts" ("store_id", "app_id", "id");`);

    this.addSql(`create table "store"."webhooks" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "store_id" int not null, "app_id" int not null, "event" varchar(40) not null, "url" varchar(2048) not null);`);
    this.addSql(`create index "webhooks_store_id_event_app_id_index" on "store"."webhooks" ("store_id", "event", "app_id");`);
    this.addSql(`create index "webhooks_store_id_app_id_id_index" on "store"."webhooks" ("store_id", "app_id", "id");`);
    this.addSql(`alter table "store"."webhooks" add constraint "webhooks_store_id_app_id_event_url_unique" unique ("store_id", "app_id", "event", "url");`);

    this.addSql(`create table "store"."webhook_deliveries" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "store_id" int not null, "app_id" int not null, "webhook_id" int not null, "event" varchar(40) not null, "resource_id" int null, "url" varchar(2048) not null, "attempts" int not null, "next_attempt_at" timestamptz null, "claim_token" varchar(32) null, "last_error" varchar(300) null, "gave_up_at" timestamptz null);`);
    this.addSql(`create index "webhook_deliveries_webhook_id_index" on "store"."webhook_deliveries" ("webhook_id");`);
    this.addSql(`create index "webhook_deliveries_next_attempt_at_id_index" on "store"."webhook_deliveries" ("next_attempt_at", "id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "store"."scripts" cascade;`);

    this.addSql(`drop table if exists "store"."webhooks" cascade;`);

    this.addSql(`drop table if exists "store"."webhook_deliveries" cascade;`);
  }

}
