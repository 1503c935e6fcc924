import { Migration } from '@mikro-orm/migrations';

export class Migration20261127112947 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`carts\` (\`id\` integer not null primary key autoincrement, \`created_at\` datetime not null, \`updated_at\` datetime not null, \`store_id\` integer not null, \`token\` text not null, \`coupon_code\` text null, \`order_id\` integer null);`);
    this.addSql(`create unique index \`carts_token_unique\` on \`carts\` (\`token\`);`);
    this.addSql(`create index \`carts_store_id_id_index\` on \`carts\` (\`store_id\`, \`id\`);`);

    this.addSql(`create table \`cart_lines\` (\`id\` integer not null primary key autoincrement, \`created_at\` datetime not null, \`updated_at\` datetime not null, \`cart_id\` integer not null, \`variant_id\` integer not null, \`quantity\` integer not null);`);
    this.addSql(`create unique index \`cart_lines_cart_id_variant_id_unique\` on \`cart_lines\` (\`cart_id\`, \`variant_id\`);`);
  }

}
