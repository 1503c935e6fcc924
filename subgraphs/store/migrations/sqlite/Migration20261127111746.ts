import { Migration } from '@mikro-orm/migrations';

export class Migration20261127111746 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`coupons\` (\`id\` integer not null primary key autoincrement, \`created_at\` datetime not null, \`updated_at\` datetime not null, \`store_id\` integer not null, \`code\` text not null, \`code_key\` text not null, \`type\` text not null, \`value\` bigint null, \`valid\` integer not null default true, \`used\` integer not null default 0, \`max_uses\` integer null, \`start_date\` text null, \`end_date\` text null, \`min_price\` bigint null, \`categories\` text null);`);
    this.addSql(`create index \`coupons_store_id_id_index\` on \`coupons\` (\`store_id\`, \`id\`);`);
    this.addSql(`create unique index \`coupons_store_id_code_key_unique\` on \`coupons\` (\`store_id\`, \`code_key\`);`);
  }

}
