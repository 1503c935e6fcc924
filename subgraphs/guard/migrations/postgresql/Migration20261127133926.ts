import { Migration } from '@mikro-orm/migrations';

export class Migration20261127133926 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "guard"."audit_heads" ("organisation_id" varchar(64) not null, "seq" int not null, "hash" varchar(64) not null, constraint "audit_heads_pkey" primary key ("organisation_id"));`);

    this.addSql(`create table "guard"."audit_records" ("id" varchar(36) not null, "organisation_id" varchar(64) not null, "seq" int not null, "at" varchar(30) not null, "actor" varchar(100) not null, "action" varchar(64) not null, "workflow_id" varchar(64) null, "subject" varchar(300) null, "details" text not null, "prev_hash" varchar(64) not null, "hash" varchar(64) not null, constraint "audit_records_pkey" primary key ("id"));`);
    this.addSql(`create index "audit_records_organisation_id_action_seq_index" on "guard"."audit_records" ("organisation_id", "action", "seq");`);
    this.addSql(`create index "audit_records_organisation_id_workflow_id_seq_index" on "guard"."audit_records" ("organisation_id", "workflow_id", "seq");`);
    this.addSql(`alter table "guard"."audit_records" add constraint "audit_records_organisation_id_seq_unique" unique ("organisation_id", "seq");`);

    this.addSql(`alter table "guard"."reservations" add column "charged_microcents" bigint null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "guard"."audit_heads" cascade;`);

    this.addSql(`drop table if exists "guard"."audit_records" cascade;`);

    this.addSql(`alter table "guard"."reservations" drop column "charged_microcents";`);
  }

}
