import { Migration } from '@mikro-orm/migrations';

export class Migration20261127132455 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "guard"."runaway_rules" ("id" varchar(64) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "workflow_id" varchar(64) not null, "kind" varchar(30) not null, "limit_value" double precision not null, "window_seconds" int not null, "tool_pattern" varchar(200) null, "action" varchar(10) not null, constraint "runaway_rules_pkey" primary key ("id"));`);
    this.addSql(`create index "runaway_rules_workflow_id_index" on "guard"."runaway_rules" ("workflow_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "guard"."runaway_rules" cascade;`);
  }

}
