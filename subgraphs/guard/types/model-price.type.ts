import { Field, Float, ObjectType } from 'type-graphql';

@ObjectType('ModelPrice', { description: 'Cents per 1,000 tokens; `*` prices unknown models.' })
export class ModelPriceType {
  @Field()
  model!: string;

  @Field(() => Float)
  inputCentsPer1k!: number;

  @Field(() => Float)
  outputCentsPer1k!: number;
}
