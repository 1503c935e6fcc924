import { Migration } from '@mikro-orm/migrations';

/**
 * Audit records keyed by their place in the chain, `(organisation_id, seq)`, in a `WITHOUT ROWID`
 * table (stored in key order, no rowid b-tree), without the surrogate `id`, its index, the unique
 * `(organisation_id, seq)` index (now the key) or the `(organisation_id, action, seq)` index.
 * SQLite cannot change a table's key, so the table is rebuilt and its rows copied.
 */
export class Migration20261127174007 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`audit_records_by_seq\` (\`organisation_id\` text not null, \`seq\` integer not null, \`at\` text not null, \`actor\` text not null, \`action\` text not null, \`workflow_id\` text null, \`subject\` text null, \`details\` text not null, \`prev_hash\` text not null, \`hash\` text not null, primary key (\`organisation_id\`, \`seq\`)) without rowid;`);
    this.addSql(`insert into \`audit_records_by_seq\` (\`organisation_id\`, \`seq\`, \`at\`, \`actor\`, \`action\`, \`workflow_id\`, \`subject\`, \`details\`, \`prev_hash\`, \`hash\`) select \`organisation_id\`, \`seq\`, \`at\`, \`actor\`, \`action\`, \`workflow_id\`, \`subject\`, \`details\`, \`prev_hash\`, \`hash\` from \`audit_records\` order by \`organisation_id\`, \`seq\`;`);
    this.addSql(`drop table \`audit_records\`;`);
    this.addSql(`alter table \`audit_records_by_seq\` rename to \`audit_records\`;`);
    this.addSql(`create index \`audit_records_organisation_id_workflow_id_seq_index\` on \`audit_records\` (\`organisation_id\`, \`workflow_id\`, \`seq\`);`);
  }

}
