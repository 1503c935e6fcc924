import { Migration } from '@mikro-orm/migrations';

export class Migration20261121055052 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`organisations\` (\`id\` text not null, \`created_at\` datetime not null, \`updated_at\` datetime not null, \`name\` text not null, primary key (\`id\`));`);

    this.addSql(`create table \`users\` (\`id\` text not null, \`created_at\` datetime not null, \`updated_at\` datetime not null, \`username\` text not null, \`username_key\` text not null, \`email\` text null, \`email_key\` text null, \`password_hash\` text null, \`codehost_id\` bigint null, primary key (\`id\`));`);
    this.addSql(`create unique index \`users_username_key_unique\` on \`users\` (\`username_key\`);`);
    this.addSql(`create unique index \`users_email_key_unique\` on \`users\` (\`email_key\`);`);
    this.addSql(`create unique index \`users_codehost_id_unique\` on \`users\` (\`codehost_id\`);`);

    this.addSql(`create table \`memberships\` (\`id\` text not null, \`created_at\` datetime not null, \`updated_at\` datetime not null, \`organisation_id\` text not null, \`user_id\` text not null, \`role\` text check (\`role\` in ('member', 'admin')) not null, constraint \`memberships_organisation_id_foreign\` foreign key(\`organisation_id\`) references \`organisations\`(\`id\`) on delete cascade on update cascade, constraint \`memberships_user_id_foreign\` foreign key(\`user_id\`) references \`users\`(\`id\`) on delete cascade on update cascade, primary key (\`id\`));`);
    this.addSql(`create index \`memberships_organisation_id_index\` on \`memberships\` (\`organisation_id\`);`);
    this.addSql(`create index \`memberships_user_id_index\` on \`memberships\` (\`user_id\`);`);
    this.addSql(`create unique index \`memberships_organisation_id_user_id_unique\` on \`memberships\` (\`organisation_id\`, \`user_id\`);`);
  }

}
