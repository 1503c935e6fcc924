import { Migration } from '@mikro-orm/migrations';

export class Migration20261122200437 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create index \`workflows_changed_at_index\` on \`workflows\` (\`changed_at\`);`);
  }

}
