import { Migration } from '@mikro-orm/migrations';

export class Migration20261122175942 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table \`products\` add column \`brand_key\` text null;`);
    this.addSql(`create index \`products_brand_key_published_id_index\` on \`products\` (\`brand_key\`, \`published\`, \`id\`);`);
  }

}
