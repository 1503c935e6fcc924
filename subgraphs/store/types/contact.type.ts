import { Field, ObjectType } from 'type-graphql';

type AbstractClass = abstract new (...args: any[]) => object;

/**
 * A shopper's contact: name, e-mail, phone and identification, declared once for a customer and
 * for an order's customer as the order was placed. A mixin over `Base`, since a customer also
 * takes its billing fields from one (BillingFields).
 */
export function withContactFields<TBase extends AbstractClass>(Base: TBase) {
  // A class per Base, so a name per Base; no field returns it, so the schema never prints it.
  @ObjectType(`${Base.name}ContactFields`)
  abstract class ContactFields extends Base {
    @Field(() => String)
    name!: string;

    @Field(() => String)
    email!: string;

    @Field(() => String, { nullable: true })
    phone!: string | null;

    @Field(() => String, { nullable: true })
    identification!: string | null;
  }
  return ContactFields;
}
