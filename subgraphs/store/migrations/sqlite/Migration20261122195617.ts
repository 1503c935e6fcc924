import { Migration } from '@mikro-orm/migrations';

export class Migration20261122195617 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table \`installations\` add column \`suspended_since\` datetime null;`);
    this.addSql(`create index \`installations_suspended_since_paid_until_index\` on \`installations\` (\`suspended_since\`, \`paid_until\`);`);

    this.addSql(`alter table \`stores\` add column \`suspended_since\` datetime null;`);
    this.addSql(`create index \`stores_suspended_since_paid_until_index\` on \`stores\` (\`suspended_since\`, \`paid_until\`);`);
  }

}
