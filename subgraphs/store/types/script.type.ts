import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType('Script', { description: 'A script an app adds to its store\'s storefront.' })
export class ScriptType {
  @Field(() => Int)
  id!: number;

  @Field(() => Int, { description: 'The app that added it.' })
  appId!: number;

  @Field({ description: 'An https URL.' })
  src!: string;

  @Field({ description: 'When the page runs it: onload.' })
  event!: string;

  @Field(() => String, { name: 'where', description: 'Which pages load it: store.' })
  location!: string;

  @Field()
  createdAt!: Date;

  @Field()
  updatedAt!: Date;
}

@ObjectType('ScriptPage')
export class ScriptPageType {
  @Field(() => Int)
  totalCount!: number;

  @Field(() => Int)
  page!: number;

  @Field(() => Int)
  perPage!: number;

  @Field(() => [ScriptType])
  scripts!: ScriptType[];
}
