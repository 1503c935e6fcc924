import { Migration } from '@mikro-orm/migrations';

export class Migration20261127133924 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`audit_heads\` (\`organisation_id\` text not null, \`seq\` integer not null, \`hash\` text not null, primary key (\`organisation_id\`));`);

    this.addSql(`create table \`audit_records\` (\`id\` text not null, \`organisation_id\` text not null, \`seq\` integer not null, \`at\` text not null, \`actor\` text not null, \`action\` text not null, \`workflow_id\` text null, \`subject\` text null, \`details\` text not null, \`prev_hash\` text not null, \`hash\` text not null, primary key (\`id\`));`);
    this.addSql(`create index \`audit_records_organisation_id_action_seq_index\` on \`audit_records\` (\`organisation_id\`, \`action\`, \`seq\`);`);
    this.addSql(`create index \`audit_records_organisation_id_workflow_id_seq_index\` on \`audit_records\` (\`organisation_id\`, \`workflow_id\`, \`seq\`);`);
    this.addSql(`create unique index \`audit_records_organisation_id_seq_unique\` on \`audit_records\` (\`organisation_id\`, \`seq\`);`);

    this.addSql(`alter table \`reservations\` add column \`charged_microcents\` bigint null;`);
  }

}
