import { Migration } from '@mikro-orm/migrations';

export class Migration20261121055052 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create schema if not exists "accounts";`);
    this.addSql(`create table "accounts"."organisations" ("id" varchar(64) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "name" varchar(100) not null, constraint "organisations_pkey" primary key ("id"));`);

    this.addSql(`create table "accounts"."users" ("id" varchar(64) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "username" varchar(20) not null, "username_key" varchar(20) not null, "email" varchar(254) null, "email_key" varchar(254) null, "password_hash" varchar(255) null, "codehost_id" bigint null, constraint "users_pkey" primary key ("id"));`);
    this.addSql(`alter table "accounts"."users" add constraint "users_username_key_unique" unique ("username_key");`);
    this.addSql(`alter table "accounts"."users" add constraint "users_email_key_unique" unique ("email_key");`);
    this.addSql(`alter table "accounts"."users" add constraint "users_codehost_id_unique" unique ("codehost_id");`);

    this.addSql(`create table "accounts"."memberships" ("id" varchar(64) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "organisation_id" varchar(64) not null, "user_id" varchar(64) not null, "role" text check ("role" in ('member', 'admin')) not null, constraint "memberships_pkey" primary key ("id"));`);
    this.addSql(`alter table "accounts"."memberships" add constraint "memberships_organisation_id_user_id_unique" unique ("organisation_id", "user_id");`);

    this.addSql(`alter table "accounts"."memberships" add constraint "memberships_organisation_id_foreign" foreign key ("organisation_id") references "accounts"."organisations" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "accounts"."memberships" add constraint "memberships_user_id_foreign" foreign key ("user_id") references "accounts"."users" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "accounts"."memberships" drop constraint "memberships_organisation_id_foreign";`);

    this.addSql(`alter table "accounts"."memberships" drop constraint "memberships_user_id_foreign";`);

    this.addSql(`drop table if exists "accounts"."organisations" cascade;`);

    this.addSql(`drop table if exists "accounts"."users" cascade;`);

    this.addSql(`drop table if exists "accounts"."memberships" cascade;`);

    this.addSql(`drop schema if exists "accounts";`);
  }

}
