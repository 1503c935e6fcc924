import { GraphQLJSON } from 'graphql-scalars';
import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType('UpgradeChange', { description: 'One operation of an upgrade, as the preview shows it.' })
export class UpgradeChangeType {
  @Field(() => Int)
  version!: number;

  @Field()
  op!: string;

  @Field()
  model!: string;

  @Field(() => String, { nullable: true })
  name!: string | null;

  @Field(() => String, { nullable: true })
  oldName!: string | null;

  @Field(() => GraphQLJSON, { nullable: true, description: 'alter_field: the old declaration; renames: the old name.' })
  from!: unknown;

  @Field(() => GraphQLJSON, { nullable: true, description: 'alter_field: the new declaration; renames: the new name.' })
  to!: unknown;

  @Field({ description: 'destructive, lossy or safe.' })
  severity!: string;

  @Field(() => Int, { nullable: true, description: 'Rows that would lose data, counted with SQL on the live tables; null when not countable.' })
  rows!: number | null;
}

@ObjectType('UpgradePreview')
export class UpgradePreviewType {
  @Field()
  module!: string;

  @Field(() => Int)
  installedVersion!: number;

  @Field(() => Int)
  targetVersion!: number;

  @Field()
  upToDate!: boolean;

  @Field()
  requiresConfirmation!: boolean;

  @Field(() => [UpgradeChangeType])
  changes!: UpgradeChangeType[];
}

@ObjectType('UpgradeResult', {
  description: 'needsConfirmation with the preview (REST 409), or the upgrade done (success) or rolled back (success false, every row kept).',
})
export class UpgradeResultType {
  @Field()
  success!: boolean;

  @Field()
  needsConfirmation!: boolean;

  @Field(() => UpgradePreviewType, { nullable: true })
  preview?: UpgradePreviewType;

  @Field(() => String, { nullable: true })
  module?: string;

  @Field(() => Int, { nullable: true })
  fromVersion?: number;

  @Field(() => Int, { nullable: true })
  toVersion?: number;

  @Field(() => Boolean, { nullable: true })
  migrateOk?: boolean;

  @Field(() => Boolean, { nullable: true })
  rolledBack?: boolean;

  @Field(() => String, { nullable: true, description: 'The folder under DATA_DIR/backups holding the affected tables as JSON.' })
  backupPath?: string;

  @Field(() => String, { nullable: true })
  error?: string;

  @Field(() => Boolean, { nullable: true })
  restartRequired?: boolean;
}
