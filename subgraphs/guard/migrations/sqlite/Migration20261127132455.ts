import { Migration } from '@mikro-orm/migrations';

export class Migration20261127132455 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`runaway_rules\` (\`id\` text not null, \`created_at\` datetime not null, \`updated_at\` datetime not null, \`workflow_id\` text not null, \`kind\` text not null, \`limit_value\` double not null, \`window_seconds\` integer not null, \`tool_pattern\` text null, \`action\` text not null, primary key (\`id\`));`);
    this.addSql(`create index \`runaway_rules_workflow_id_index\` on \`runaway_rules\` (\`workflow_id\`);`);
  }

}
