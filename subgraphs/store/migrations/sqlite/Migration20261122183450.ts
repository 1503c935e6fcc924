import { Migration } from '@mikro-orm/migrations';

export class Migration20261122183450 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table \`stores\` add column \`published_count\` integer not null default 0;`);
    this.addSql(`alter table \`stores\` add column \`free_shipping_count\` integer not null default 0;`);
  }

}
