import { Migration } from '@mikro-orm/migrations';

export class Migration20261121060552 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`brands\` (\`id\` text not null, \`created_at\` datetime not null, \`updated_at\` datetime not null, \`name\` text not null, \`description\` text not null, \`url\` text not null, \`featured_image\` text not null, \`availability\` integer not null, \`is_featured\` integer not null, \`subscriber_count\` integer not null default 0, primary key (\`id\`));`);
    this.addSql(`create unique index \`brands_url_unique\` on \`brands\` (\`url\`);`);
    this.addSql(`create index \`brands_availability_is_featured_index\` on \`brands\` (\`availability\`, \`is_featured\`);`);

    this.addSql(`create table \`feed_users\` (\`id\` text not null, \`created_at\` datetime not null, \`updated_at\` datetime not null, \`email\` text not null, \`email_key\` text not null, \`name\` text not null, \`password_hash\` text not null, \`is_admin\` integer not null default false, \`session_seed\` text null, \`session_token_hash\` text null, \`session_expires_at\` datetime null, primary key (\`id\`));`);
    this.addSql(`create unique index \`feed_users_email_key_unique\` on \`feed_users\` (\`email_key\`);`);
    this.addSql(`create unique index \`feed_users_session_token_hash_unique\` on \`feed_users\` (\`session_token_hash\`);`);

    this.addSql(`create table \`subscriptions\` (\`id\` text not null, \`created_at\` datetime not null, \`updated_at\` datetime not null, \`user_id\` text not null, \`brand_id\` text not null, constraint \`subscriptions_user_id_foreign\` foreign key(\`user_id\`) references \`feed_users\`(\`id\`) on delete cascade on update cascade, constraint \`subscriptions_brand_id_foreign\` foreign key(\`brand_id\`) references \`brands\`(\`id\`) on delete cascade on update cascade, primary key (\`id\`));`);
    this.addSql(`create index \`subscriptions_user_id_index\` on \`subscriptions\` (\`user_id\`);`);
    this.addSql(`create index \`subscriptions_brand_id_index\` on \`subscriptions\` (\`brand_id\`);`);
    this.addSql(`create unique index \`subscriptions_user_id_brand_id_unique\` on \`subscriptions\` (\`user_id\`, \`brand_id\`);`);
  }

}
