import { Migration } from '@mikro-orm/migrations';

export class Migration20261121061923 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`api_keys\` (\`id\` text not null, \`created_at\` datetime not null, \`updated_at\` datetime not null, \`organisation_id\` text not null, \`workflow_id\` text null, \`key_hash\` text not null, \`prefix\` text not null, \`signing_secret\` text null, \`signing_required\` integer not null, \`rate_per_minute\` integer null, \`version\` integer not null, \`revoked_at\` datetime null, primary key (\`id\`));`);
    this.addSql(`create index \`api_keys_organisation_id_index\` on \`api_keys\` (\`organisation_id\`);`);
    this.addSql(`create unique index \`api_keys_key_hash_unique\` on \`api_keys\` (\`key_hash\`);`);

    this.addSql(`create table \`approvals\` (\`id\` text not null, \`created_at\` datetime not null, \`updated_at\` datetime not null, \`organisation_id\` text not null, \`workflow_id\` text not null, \`tool\` text not null, \`execution_id\` text null, \`input\` json null, \`status\` text check (\`status\` in ('pending', 'approved', 'denied')) not null, \`note\` text null, \`resolved_by\` text null, \`resolved_at\` datetime null, \`expires_at\` datetime not null, primary key (\`id\`));`);
    this.addSql(`create index \`approvals_organisation_id_index\` on \`approvals\` (\`organisation_id\`);`);

    this.addSql(`create table \`budget_leases\` (\`id\` text not null, \`created_at\` datetime not null, \`updated_at\` datetime not null, \`workflow_id\` text not null, \`holder\` text not null, \`granted_microcents\` bigint not null default 0, \`returned_microcents\` bigint not null default 0, \`renewed_at\` datetime not null, \`closed_at\` datetime null, primary key (\`id\`));`);
    this.addSql(`create index \`budget_leases_workflow_id_index\` on \`budget_leases\` (\`workflow_id\`);`);
    this.addSql(`create index \`budget_leases_holder_index\` on \`budget_leases\` (\`holder\`);`);
    this.addSql(`create index \`budget_leases_closed_at_renewed_at_index\` on \`budget_leases\` (\`closed_at\`, \`renewed_at\`);`);

    this.addSql(`create table \`cancelled_executions\` (\`id\` text not null, \`created_at\` datetime not null, \`updated_at\` datetime not null, \`organisation_id\` text not null, \`execution_id\` text not null, \`reason\` text null, primary key (\`id\`));`);
    this.addSql(`create unique index \`cancelled_executions_organisation_id_execution_id_unique\` on \`cancelled_executions\` (\`organisation_id\`, \`execution_id\`);`);

    this.addSql(`create table \`chains\` (\`id\` text not null, \`created_at\` datetime not null, \`updated_at\` datetime not null, \`organisation_id\` text not null, \`chain_key\` text not null, \`workflow_id\` text null, \`last_active_at\` datetime not null, \`ended_at\` datetime null, primary key (\`id\`));`);
    this.addSql(`create unique index \`chains_organisation_id_chain_key_unique\` on \`chains\` (\`organisation_id\`, \`chain_key\`);`);

    this.addSql(`create table \`reservations\` (\`id\` text not null, \`organisation_id\` text not null, \`workflow_id\` text not null, \`lease_id\` text not null, \`execution_id\` text null, \`projected_microcents\` bigint not null, \`status\` text check (\`status\` in ('open', 'consumed', 'released')) not null, \`actual_microcents\` bigint null, \`consume_key\` text null, \`created_at\` datetime not null, \`closed_at\` datetime null, primary key (\`id\`));`);
    this.addSql(`create index \`reservations_lease_id_index\` on \`reservations\` (\`lease_id\`);`);
    this.addSql(`create index \`reservations_execution_id_index\` on \`reservations\` (\`execution_id\`);`);
    this.addSql(`create index \`reservations_status_created_at_index\` on \`reservations\` (\`status\`, \`created_at\`);`);

    this.addSql(`create table \`tool_rules\` (\`id\` text not null, \`created_at\` datetime not null, \`updated_at\` datetime not null, \`workflow_id\` text not null, \`pattern\` text not null, \`action\` text check (\`action\` in ('allow', 'block', 'require_approval')) not null, primary key (\`id\`));`);
    this.addSql(`create index \`tool_rules_workflow_id_index\` on \`tool_rules\` (\`workflow_id\`);`);
    this.addSql(`create unique index \`tool_rules_workflow_id_pattern_unique\` on \`tool_rules\` (\`workflow_id\`, \`pattern\`);`);

    this.addSql(`create table \`usage_events\` (\`id\` text not null, \`organisation_id\` text not null, \`event_id\` text not null, \`type\` text not null, \`workflow_id\` text null, \`trace_id\` text null, \`span_id\` text null, \`tool_name\` text null, \`model\` text null, \`tokens\` integer not null, \`input_tokens\` integer not null, \`output_tokens\` integer not null, \`cost_microcents\` bigint not null, \`latency_ms\` integer null, \`duration_ms\` integer null, \`is_retry\` integer not null, \`metadata\` json null, \`received_at\` datetime not null, primary key (\`id\`));`);
    this.addSql(`create index \`usage_events_organisation_id_received_at_index\` on \`usage_events\` (\`organisation_id\`, \`received_at\`);`);
    this.addSql(`create unique index \`usage_events_organisation_id_event_id_unique\` on \`usage_events\` (\`organisation_id\`, \`event_id\`);`);

    this.addSql(`create table \`workflows\` (\`id\` text not null, \`created_at\` datetime not null, \`updated_at\` datetime not null, \`organisation_id\` text not null, \`name\` text not null, \`state\` text check (\`state\` in ('Normal', 'Paused', 'Killed')) not null default 'Normal', \`version\` integer not null default 1, \`reason\` text null, \`resume_after\` datetime null, \`changed_at\` datetime not null, \`budget_cents\` bigint not null, \`spent_microcents\` bigint not null default 0, \`held_microcents\` bigint not null default 0, primary key (\`id\`));`);
    this.addSql(`create index \`workflows_organisation_id_index\` on \`workflows\` (\`organisation_id\`);`);
    this.addSql(`create index \`workflows_state_resume_after_index\` on \`workflows\` (\`state\`, \`resume_after\`);`);
    this.addSql(`create unique index \`workflows_organisation_id_name_unique\` on \`workflows\` (\`organisation_id\`, \`name\`);`);
  }

}
