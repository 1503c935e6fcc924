import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType('ModuleRecordPage', { description: 'Records of one model of a live module, by id.' })
export class ModuleRecordPageType {
  @Field(() => [GraphQLJSONObject], { description: 'Each record: id, created_at, updated_at and the fields of its model.' })
  nodes!: Record<string, unknown>[];

  @Field(() => Int)
  totalCount!: number;

  @Field()
  hasNextPage!: boolean;

  @Field(() => String, { nullable: true, description: 'Pass as `after` for the next page.' })
  endCursor?: string;
}
