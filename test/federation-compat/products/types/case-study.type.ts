import { Field, ID, ObjectType } from 'type-graphql';
import type { CaseStudyRecord } from '../services/catalog-records';

@ObjectType('CaseStudy')
export class CaseStudyType implements CaseStudyRecord {
  @Field(() => ID)
  caseNumber!: string;

  @Field(() => String, { nullable: true })
  description!: string | null;
}
