import { Migration } from '@mikro-orm/migrations';

/**
 * Audit records keyed by their place in the chain, `(organisation_id, seq)`, without the
 * surrogate `id`, the unique `(organisation_id, seq)` constraint (now the key) or the
 * `(organisation_id, action, seq)` index.
 */
export class Migration20261127174007 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`drop index "guard"."audit_records_organisation_id_action_seq_index";`);
    this.addSql(`alter table "guard"."audit_records" drop constraint "audit_records_organisation_id_seq_unique";`);
    this.addSql(`alter table "guard"."audit_records" drop constraint "audit_records_pkey";`);
    this.addSql(`alter table "guard"."audit_records" drop column "id";`);

    this.addSql(`alter table "guard"."audit_records" add constraint "audit_records_pkey" primary key ("organisation_id", "seq");`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "guard"."audit_records" drop constraint "audit_records_pkey";`);

    this.addSql(`alter table "guard"."audit_records" add column "id" varchar(36) not null;`);
    this.addSql(`create index "audit_records_organisation_id_action_seq_index" on "guard"."audit_records" ("organisation_id", "action", "seq");`);
    this.addSql(`alter table "guard"."audit_records" add constraint "audit_records_organisation_id_seq_unique" unique ("organisation_id", "seq");`);
    this.addSql(`alter table "guard"."audit_records" add constraint "audit_records_pkey" primary key ("id");`);
  }

}
