import { Migration } from '@mikro-orm/migrations';

export class Migration20261121061923 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create schema if not exists "guard";`);
    this.addSql(`create table "guard"."api_keys" ("id" varchar(64) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "organisation_id" varchar(64) not null, "workflow_id" varchar(64) null, "key_hash" varchar(64) not null, "prefix" varchar(16) not null, "signing_secret" varchar(64) null, "signing_required" boolean not null, "rate_per_minute" int null, "version" int not null, "revoked_at" timestamptz null, constraint "api_keys_pkey" primary key ("id"));`);
    this.addSql(`create index "api_keys_organisation_id_index" on "guard"."api_keys" ("organisation_id");`);
    this.addSql(`alter table "guard"."api_keys" add constraint "api_keys_key_hash_unique" unique ("key_hash");`);

    this.addSql(`create table "guard"."approvals" ("id" varchar(64) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "organisation_id" varchar(64) not null, "workflow_id" varchar(64) not null, "tool" varchar(200) not null, "execution_id" varchar(128) null, "input" jsonb null, "status" text check ("status" in ('pending', 'approved', 'denied')) not null, "note" varchar(1000) null, "resolved_by" varchar(64) null, "resolved_at" timestamptz null, "expires_at" timestamptz not null, constraint "approvals_pkey" primary key ("id"));`);
    this.addSql(`create index "approvals_organisation_id_index" on "guard"."approvals" ("organisation_id");`);

    this.addSql(`create table "guard"."budget_leases" ("id" varchar(64) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "workflow_id" varchar(64) not null, "holder" varchar(64) not null, "granted_microcents" bigint not null default 0, "returned_microcents" bigint not null default 0, "renewed_at" timestamptz not null, "closed_at" timestamptz null, constraint "budget_leases_pkey" primary key ("id"));`);
    this.addSql(`create index "budget_leases_workflow_id_index" on "guard"."budget_leases" ("workflow_id");`);
    this.addSql(`create index "budget_leases_holder_index" on "guard"."budget_leases" ("holder");`);
    this.addSql(`create index "budget_leases_closed_at_renewed_at_index" on "guard"."budget_leases" ("closed_at", "renewed_at");`);

    this.addSql(`create table "guard"."cancelled_executions" ("id" varchar(64) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "organisation_id" varchar(64) not null, "execution_id" varchar(128) not null, "reason" varchar(500) null, constraint "cancelled_executions_pkey" primary key ("id"));`);
    this.addSql(`alter table "guard"."cancelled_executions" add constraint "cancelled_executions_organisation_id_execution_id_unique" unique ("organisation_id", "execution_id");`);

    this.addSql(`create table "guard"."chains" ("id" varchar(64) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "organisation_id" varchar(64) not null, "chain_key" varchar(128) not null, "workflow_id" varchar(64) null, "last_active_at" timestamptz not null, "ended_at" timestamptz null, constraint "chains_pkey" primary key ("id"));`);
    this.addSql(`alter table "guard"."chains" add constraint "chains_organisation_id_chain_key_unique" unique ("organisation_id", "chain_key");`);

    this.addSql(`create table "guard"."reservations" ("id" varchar(36) not null, "organisation_id" varchar(64) not null, "workflow_id" varchar(64) not null, "lease_id" varchar(64) not null, "execution_id" varchar(128) null, "projected_microcents" bigint not null, "status" text check ("status" in ('open', 'consumed', 'released')) not null, "actual_microcents" bigint null, "consume_key" varchar(128) null, "created_at" timestamptz not null, "closed_at" timestamptz null, constraint "reservations_pkey" primary key ("id"));`);
    this.addSql(`create index "reservations_lease_id_index" on "guard"."reservations" ("lease_id");`);
    this.addSql(`create index "reservations_execution_id_index" on "guard"."reservations" ("execution_id");`);
    this.addSql(`create index "reservations_status_created_at_index" on "guard"."reservations" ("status", "created_at");`);

    this.addSql(`create table "guard"."tool_rules" ("id" varchar(64) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "workflow_id" varchar(64) not null, "pattern" varchar(200) not null, "action" text check ("action" in ('allow', 'block', 'require_approval')) not null, constraint "tool_rules_pkey" primary key ("id"));`);
    this.addSql(`create index "tool_rules_workflow_id_index" on "guard"."tool_rules" ("workflow_id");`);
    this.addSql(`alter table "guard"."tool_rules" add constraint "tool_rules_workflow_id_pattern_unique" unique ("workflow_id", "pattern");`);

    this.addSql(`create table "guard"."usage_events" ("id" varchar(36) not null, "organisation_id" varchar(64) not null, "event_id" varchar(128) not null, "type" varchar(64) not null, "workflow_id" varchar(64) null, "trace_id" varchar(128) null, "span_id" varchar(128) null, "tool_name" varchar(200) null, "model" varchar(128) null, "tokens" int not null, "input_tokens" int not null, "output_tokens" int not null, "cost_microcents" bigint not null, "latency_ms" int null, "duration_ms" int null, "is_retry" boolean not null, "metadata" jsonb null, "received_at" timestamptz not null, constraint "usage_events_pkey" primary key ("id"));`);
    this.addSql(`create index "usage_events_organisation_id_received_at_index" on "guard"."usage_events" ("organisation_id", "received_at");`);
    this.addSql(`alter table "guard"."usage_events" add constraint "usage_events_organisation_id_event_id_unique" unique ("organisation_id", "event_id");`);

    this.addSql(`create table "guard"."workflows" ("id" varchar(64) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "organisation_id" varchar(64) not null, "name" varchar(100) not null, "state" text check ("state" in ('Normal', 'Paused', 'Killed')) not null default 'Normal', "version" int not null default 1, "reason" varchar(500) null, "resume_after" timestamptz null, "changed_at" timestamptz not null, "budget_cents" bigint not null, "spent_microcents" bigint not null default 0, "held_microcents" bigint not null default 0, constraint "workflows_pkey" primary key ("id"));`);
    this.addSql(`create index "workflows_organisation_id_index" on "guard"."workflows" ("organisation_id");`);
    this.addSql(`create index "workflows_state_resume_after_index" on "guard"."workflows" ("state", "resume_after");`);
    this.addSql(`alter table "guard"."workflows" add constraint "workflows_organisation_id_name_unique" unique ("organisation_id", "name");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "guard"."api_keys" cascade;`);

    this.addSql(`drop table if exists "guard"."approvals" cascade;`);

    this.addSql(`drop table if exists "guard"."budget_leases" cascade;`);

    this.addSql(`drop table if exists "guard"."cancelled_executions" cascade;`);

    this.addSql(`drop table if exists "guard"."chains" cascade;`);

    this.addSql(`drop table if exists "guard"."reservations" cascade;`);

    this.addSql(`drop table if exists "guard"."tool_rules" cascade;`);

    this.addSql(`drop table if exists "guard"."usage_events" cascade;`);

    this.addSql(`drop table if exists "guard"."workflows" cascade;`);

    this.addSql(`drop schema if exists "guard";`);
  }

}
