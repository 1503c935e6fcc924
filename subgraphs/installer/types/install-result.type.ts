import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, ObjectType } from 'type-graphql';

@ObjectType('InstallResult', { description: 'install-package: the install is recorded; its migrate and seed are deferred.' })
export class InstallResultType {
  @Field()
  success!: boolean;

  @Field()
  module!: string;

  @Field(() => [String])
  installedFiles!: string[];

  @Field(() => GraphQLJSONObject)
  manifest!: Record<string, unknown>;

  @Field()
  frontendOk!: boolean;

  @Field(() => Boolean, { nullable: true, description: 'Null: the migrate is deferred.' })
  migrateOk!: boolean | null;

  @Field()
  migrateOutput!: string;

  @Field(() => Boolean, { nullable: true, description: 'Null: the seed is deferred.' })
  seedOk!: boolean | null;

  @Field()
  seedOutput!: string;

  @Field()
  migrateDeferred!: boolean;

  @Field({ description: 'False in development, where the process applies the install right after answering.' })
  restartRequired!: boolean;
}
