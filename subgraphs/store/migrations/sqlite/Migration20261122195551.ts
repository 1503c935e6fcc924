import { Migration } from '@mikro-orm/migrations';

export class Migration20261122195551 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`scripts\` (\`id\` integer not null primary key autoincrement, \`created_at\` datetime not null, \`updated_at\` datetime not null, \`store_id\` integer not null, \`app_id\` integer not null, \`src\` text not null, \`event\` text not null, \`location\` text not null);`);
    this.addSql(`create index \`scripts_store_id_id_index\` on \`scripts\` (\`store_id\`, \`id\`);`);
    this.addSql(`create index \`scripts_store_id_app_id_id_index\` on \`scripts\` (\`store_id\`, \`app_id\`, \`id\`);`);

    this.addSql(`create table \`webhooks\` (\`id\` integer not null primary key autoincrement, \`created_at\` datetime not null, \`updated_at\` datetime not null, \`store_id\` integer not null, \`app_id\` integer not null, \`event\` text not null, \`url\` text not null);`);
    this.addSql(`create index \`webhooks_store_id_event_app_id_index\` on \`webhooks\` (\`store_id\`, \`event\`, \`app_id\`);`);
    this.addSql(`create index \`webhooks_store_id_app_id_id_index\` on \`webhooks\` (\`store_id\`, \`app_id\`, \`id\`);`);
    this.addSql(`create unique index \`webhooks_store_id_app_id_event_url_unique\` on \`webhooks\` (\`store_id\`, \`app_id\`, \`event\`, \`url\`);`);

    this.addSql(`create table \`webhook_deliveries\` (\`id\` integer not null primary key autoincrement, \`created_at\` datetime not null, \`updated_at\` datetime not null, \`store_id\` integer not null, \`app_id\` integer not null, \`webhook_id\` integer not null, \`event\` text not null, \`resource_id\` integer null, \`url\` text not null, \`attempts\` integer not null, \`next_attempt_at\` datetime null, \`claim_token\` text null, \`last_error\` text null, \`gave_up_at\` datetime null);`);
    this.addSql(`create index \`webhook_deliveries_webhook_id_index\` on \`webhook_deliveries\` (\`webhook_id\`);`);
    this.addSql(`create index \`webhook_deliveries_next_attempt_at_id_index\` on \`webhook_deliveries\` (\`next_attempt_at\`, \`id\`);`);
  }

}
