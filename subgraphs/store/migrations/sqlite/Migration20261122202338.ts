import { Migration } from '@mikro-orm/migrations';

export class Migration20261122202338 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create index \`webhook_deliveries_store_id_app_id_id_index\` on \`webhook_deliveries\` (\`store_id\`, \`app_id\`, \`id\`);`);
  }

}
