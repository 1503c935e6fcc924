import { Directive, Field, ObjectType } from 'type-graphql';
import type { ResearchRecord } from '../services/catalog-records';
import { CaseStudyType } from './case-study.type';

/** An entity whose key is a field of a nested object. */
@ObjectType('ProductResearch')
@Directive('@key(fields: "study { caseNumber }")')
export class ProductResearchType implements ResearchRecord {
  @Field(() => CaseStudyType)
  study!: CaseStudyType;

  @Field(() => String, { nullable: true })
  outcome!: string | null;
}
