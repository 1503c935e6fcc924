import { Field, Int, ObjectType } from 'type-graphql';
import { pageOf } from './page.type';

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

export const ScriptPageType = pageOf('ScriptPage', 'scripts', ScriptType, "One page of an app's scripts in a store.");
