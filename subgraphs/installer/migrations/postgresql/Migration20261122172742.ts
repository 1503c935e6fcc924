import { Migration } from '@mikro-orm/migrations';

export class Migration20261122172742 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create schema if not exists "installer";`);
    this.addSql(`create table "installer"."installed_modules" ("module" varchar(40) not null, "state" text check ("state" in ('pending', 'live')) not null default 'pending', "version" int not null, "contents" jsonb not null, "files" jsonb not null, "admin_user_id" varchar(64) null, "last_error" text null, "attempts" int not null default 0, "requested_at" timestamptz not null, "live_at" timestamptz null, "updated_at" timestamptz not null, constraint "installed_modules_pkey" primary key ("module"));`);
    this.addSql(`create index "installed_modules_state_index" on "installer"."installed_modules" ("state");`);

    this.addSql(`create table "installer"."installer_locks" ("name" varchar(40) not null, "holder" varchar(100) null, "taken_at" timestamptz null, constraint "installer_locks_pkey" primary key ("name"));`);

    this.addSql(`create table "installer"."module_members" ("module" varchar(40) not null, "user_id" varchar(64) not null, "role" varchar(60) not null, constraint "module_members_pkey" primary key ("module", "user_id"));`);

    this.addSql(`create table "installer"."module_texts" ("module" varchar(40) not null, "language" varchar(20) not null, "key" varchar(200) not null, "text" text not null, constraint "module_texts_pkey" primary key ("module", "language", "key"));`);

    this.addSql(`create table "installer"."package_chunks" ("upload_id" varchar(36) not null, "seq" int not null, "data" bytea not null, constraint "package_chunks_pkey" primary key ("upload_id", "seq"));`);

    this.addSql(`create table "installer"."package_uploads" ("id" varchar(36) not null, "bytes" int not null default 0, "chunks" int not null default 0, "created_at" timestamptz not null, constraint "package_uploads_pkey" primary key ("id"));`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "installer"."installed_modules" cascade;`);

    this.addSql(`drop table if exists "installer"."installer_locks" cascade;`);

    this.addSql(`drop table if exists "installer"."module_members" cascade;`);

    this.addSql(`drop table if exists "installer"."module_texts" cascade;`);

    this.addSql(`drop table if exists "installer"."package_chunks" cascade;`);

    this.addSql(`drop table if exists "installer"."package_uploads" cascade;`);

    this.addSql(`drop schema if exists "installer";`);
  }

}
