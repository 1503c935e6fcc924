import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType('InstalledModule', { description: 'A live module.' })
export class InstalledModuleType {
  @Field()
  module!: string;

  @Field(() => Int, { description: "The manifest's schema_version the module is at." })
  version!: number;

  @Field()
  title!: string;

  @Field()
  liveSince!: Date;

  @Field(() => GraphQLJSONObject, { description: 'The manifest of the installed package: languages, roles, menu.' })
  manifest!: Record<string, unknown>;

  @Field(() => GraphQLJSONObject, { nullable: true, description: "The package's frontend/app_additions.json: routes and menu items." })
  appAdditions?: Record<string, unknown>;

  @Field(() => [String], { description: 'Files of the package, kept under DATA_DIR/modules/<module>/.' })
  files!: string[];
}
