import { Migration } from '@mikro-orm/migrations';

export class Migration20261122200438 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create index "workflows_changed_at_index" on "guard"."workflows" ("changed_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "guard"."workflows_changed_at_index";`);
  }

}
