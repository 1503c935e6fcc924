import { Field, ObjectType } from 'type-graphql';
import { ToolAction } from './enums';

@ObjectType('ToolPolicy', { description: 'A rule for tools whose name matches a glob such as `send_*`.' })
export class ToolPolicyType {
  @Field()
  pattern!: string;

  @Field(() => ToolAction)
  action!: ToolAction;
}
