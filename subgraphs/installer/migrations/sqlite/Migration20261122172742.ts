import { Migration } from '@mikro-orm/migrations';

export class Migration20261122172742 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`installed_modules\` (\`module\` text not null, \`state\` text check (\`state\` in ('pending', 'live')) not null default 'pending', \`version\` integer not null, \`contents\` json not null, \`files\` json not null, \`admin_user_id\` text null, \`last_error\` text null, \`attempts\` integer not null default 0, \`requested_at\` datetime not null, \`live_at\` datetime null, \`updated_at\` datetime not null, primary key (\`module\`));`);
    this.addSql(`create index \`installed_modules_state_index\` on \`installed_modules\` (\`state\`);`);

    this.addSql(`create table \`installer_locks\` (\`name\` text not null, \`holder\` text null, \`taken_at\` datetime null, primary key (\`name\`));`);

    this.addSql(`create table \`module_members\` (\`module\` text not null, \`user_id\` text not null, \`role\` text not null, primary key (\`module\`, \`user_id\`));`);

    this.addSql(`create table \`module_texts\` (\`module\` text not null, \`language\` text not null, \`key\` text not null, \`text\` text not null, primary key (\`module\`, \`language\`, \`key\`));`);

    this.addSql(`create table \`package_chunks\` (\`upload_id\` text not null, \`seq\` integer not null, \`data\` blob not null, primary key (\`upload_id\`, \`seq\`));`);

    this.addSql(`create table \`package_uploads\` (\`id\` text not null, \`bytes\` integer not null default 0, \`chunks\` integer not null default 0, \`created_at\` datetime not null, primary key (\`id\`));`);
  }

}
