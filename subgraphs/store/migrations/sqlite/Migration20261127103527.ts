import { Migration } from '@mikro-orm/migrations';

export class Migration20261127103527 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`customers\` (\`id\` integer not null primary key autoincrement, \`created_at\` datetime not null, \`updated_at\` datetime not null, \`store_id\` integer not null, \`name\` text not null, \`email\` text not null, \`phone\` text null, \`identification\` text null, \`note\` text null, \`accepts_marketing\` integer not null default false, \`billing\` text not null default '{}', \`extra\` text not null default '{}', \`total_spent\` bigint not null default 0, \`last_order_id\` integer null);`);
    this.addSql(`create index \`customers_store_id_updated_at_id_index\` on \`customers\` (\`store_id\`, \`updated_at\`, \`id\`);`);
    this.addSql(`create index \`customers_store_id_created_at_id_index\` on \`customers\` (\`store_id\`, \`created_at\`, \`id\`);`);
    this.addSql(`create index \`customers_store_id_id_index\` on \`customers\` (\`store_id\`, \`id\`);`);
    this.addSql(`create unique index \`customers_store_id_email_unique\` on \`customers\` (\`store_id\`, \`email\`);`);

    this.addSql(`create table \`customer_addresses\` (\`id\` integer not null primary key autoincrement, \`created_at\` datetime not null, \`updated_at\` datetime not null, \`store_id\` integer not null, \`customer_id\` integer not null, \`address\` text not null default '', \`number\` text not null default '', \`floor\` text null, \`locality\` text null, \`city\` text not null default '', \`province\` text not null default '', \`zipcode\` text not null default '', \`country\` text not null default '', \`phone\` text null, \`is_default\` integer not null default false);`);
    this.addSql(`create index \`customer_addresses_customer_id_id_index\` on \`customer_addresses\` (\`customer_id\`, \`id\`);`);

    this.addSql(`alter table \`stores\` add column \`currency\` text not null default 'USD';`);
  }

}
