import { Field, Int, ObjectType, type ClassType } from 'type-graphql';
import type { Page } from '../services/catalog/views';

/**
 * The GraphQL type of a `Page<T>` of services: `{ totalCount page perPage <items> }`, the list under
 * the name the API gives it (`webhooks`, `scripts`), so a resolver returns the service's page as it is.
 */
export function pageOf<T extends object>(name: string, itemsName: string, item: ClassType<T>, description?: string): ClassType<Page<T>> {
  @ObjectType(name, { description })
  class PageType implements Page<T> {
    @Field(() => Int, { description: 'Items in the whole list, across every page (`X-Total-Count`).' })
    totalCount!: number;

    @Field(() => Int)
    page!: number;

    @Field(() => Int)
    perPage!: number;

    @Field(() => [item], { name: itemsName })
    items!: T[];
  }
  return PageType;
}
