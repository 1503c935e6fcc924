import { Migration } from '@mikro-orm/migrations';

export class Migration20261127105139 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`orders\` (\`id\` integer not null primary key autoincrement, \`created_at\` datetime not null, \`updated_at\` datetime not null, \`store_id\` integer not null, \`number\` integer not null, \`token\` text not null, \`customer_id\` integer null, \`customer\` text not null, \`status\` text not null, \`payment_status\` text not null, \`shipping_status\` text not null, \`currency\` text not null, \`language\` text not null, \`subtotal\` bigint not null, \`discount\` bigint not null, \`shipping_cost\` bigint not null, \`total\` bigint not null, \`weight\` bigint not null, \`note\` text null, \`owner_note\` text null, \`shipping_address\` text not null, \`billing_address\` text not null, \`shipping\` text not null, \`shipping_option\` text not null, \`shipping_tracking_number\` text null, \`shipping_tracking_url\` text null, \`gateway\` text not null, \`storefront\` text not null, \`coupons\` text not null, \`extra\` text not null, \`cancel_reason\` text null, \`paid_at\` datetime null, \`shipped_at\` datetime null, \`closed_at\` datetime null, \`cancelled_at\` datetime null);`);
    this.addSql(`create unique index \`orders_token_unique\` on \`orders\` (\`token\`);`);
    this.addSql(`create index \`orders_store_id_customer_id_id_index\` on \`orders\` (\`store_id\`, \`customer_id\`, \`id\`);`);
    this.addSql(`create index \`orders_store_id_updated_at_id_index\` on \`orders\` (\`store_id\`, \`updated_at\`, \`id\`);`);
    this.addSql(`create index \`orders_store_id_created_at_id_index\` on \`orders\` (\`store_id\`, \`created_at\`, \`id\`);`);
    this.addSql(`create index \`orders_store_id_shipping_status_id_index\` on \`orders\` (\`store_id\`, \`shipping_status\`, \`id\`);`);
    this.addSql(`create index \`orders_store_id_payment_status_id_index\` on \`orders\` (\`store_id\`, \`payment_status\`, \`id\`);`);
    this.addSql(`create index \`orders_store_id_status_id_index\` on \`orders\` (\`store_id\`, \`status\`, \`id\`);`);
    this.addSql(`create index \`orders_store_id_id_index\` on \`orders\` (\`store_id\`, \`id\`);`);
    this.addSql(`create unique index \`orders_store_id_number_unique\` on \`orders\` (\`store_id\`, \`number\`);`);

    this.addSql(`create table \`order_lines\` (\`id\` integer not null primary key autoincrement, \`created_at\` datetime not null, \`updated_at\` datetime not null, \`store_id\` integer not null, \`order_id\` integer not null, \`product_id\` integer not null, \`variant_id\` integer not null, \`name\` text not null, \`price\` bigint not null, \`quantity\` integer not null, \`sku\` text null, \`weight\` bigint null, \`free_shipping\` integer not null default false, \`stock_claimed\` integer not null default false);`);
    this.addSql(`create index \`order_lines_order_id_id_index\` on \`order_lines\` (\`order_id\`, \`id\`);`);

    this.addSql(`alter table \`stores\` add column \`order_count\` integer not null default 0;`);
  }

}
