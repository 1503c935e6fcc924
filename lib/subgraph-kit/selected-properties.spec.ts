import 'reflect-metadata';
import { parse, type FragmentDefinitionNode, type GraphQLResolveInfo, type OperationDefinitionNode, type FieldNode } from 'graphql';
import { Arg, Field, FieldResolver, ObjectType, Query, Resolver, Root } from 'type-graphql';
import { selectedProperties } from './selected-properties';

@ObjectType()
class Shelf {
  @Field({ name: '_id' })
  id!: string;

  @Field()
  label!: string;

  @Field()
  width!: number;

  @Field()
  summary!: string;
}

@Resolver(() => Shelf)
class ShelfResolver {
  @Query(() => [Shelf])
  shelves(): Shelf[] {
    return [];
  }

  @FieldResolver(() => String)
  summary(@Root() shelf: Shelf, @Arg('short', { nullable: true }) short?: boolean): string {
    return short ? shelf.label : `${shelf.label} (${shelf.width})`;
  }
}
void ShelfResolver;

/** What the resolver of the query's first root field is given about its selection. */
function infoOf(query: string): GraphQLResolveInfo {
  const document = parse(query);
  const operation = document.definitions.find((definition): definition is OperationDefinitionNode => definition.kind === 'OperationDefinition')!;
  const fragments = Object.fromEntries(
    document.definitions.filter((definition): definition is FragmentDefinitionNode => definition.kind === 'FragmentDefinition').map((fragment) => [fragment.name.value, fragment]),
  );
  return { fieldNodes: [operation.selectionSet.selections[0] as FieldNode], fragments } as unknown as GraphQLResolveInfo;
}

describe('selectedProperties', () => {
  it('answers the properties behind the selected fields, sorted, through fragments and without __typename', () => {
    expect(selectedProperties(infoOf('{ shelves { label _id __typename } }'), Shelf)).toEqual(['id', 'label']);
    expect(selectedProperties(infoOf('{ shelves { ...Parts ... on Shelf { width } } } fragment Parts on Shelf { label }'), Shelf)).toEqual(['label', 'width']);
  });

  it('answers nothing (read it all) for a field with its own resolver, or one it does not know', () => {
    expect(selectedProperties(infoOf('{ shelves { label summary } }'), Shelf)).toBeUndefined();
    expect(selectedProperties(infoOf('{ shelves { label colour } }'), Shelf)).toBeUndefined();
  });

  it('answers, under a path, the properties of the fields selected there, merged across fragments and repeats', () => {
    const query = '{ shelves { page { items { label } } ...More } } fragment More on Page { page { items { _id } } }';
    expect(selectedProperties(infoOf(query), Shelf, ['page', 'items'])).toEqual(['id', 'label']);
    expect(selectedProperties(infoOf('{ shelves { page { items { label summary } } } }'), Shelf, ['page', 'items'])).toBeUndefined();
    expect(selectedProperties(infoOf('{ shelves { page { ...Missing } } }'), Shelf, ['page', 'items'])).toBeUndefined();
  });

  it('answers no property for a path the selection does not take', () => {
    expect(selectedProperties(infoOf('{ shelves { label } }'), Shelf, ['page', 'items'])).toEqual([]);
  });
});
