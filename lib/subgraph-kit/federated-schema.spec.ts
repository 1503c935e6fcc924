import { DirectiveLocation, execute, GraphQLDirective, GraphQLObjectType, parse, print, stripIgnoredCharacters } from 'graphql';
import { Directive, Field, ID, ObjectType, Query, Resolver, UseMiddleware } from 'type-graphql';
import { buildFederatedSchema } from '.';

@ObjectType('Parcel')
@Directive('@audited')
@Directive('@key(fields: "id")')
class ParcelType {
  @Field(() => ID)
  id!: string;

  @Field({ name: 'label' })
  labelText!: string;

  @Field()
  @UseMiddleware(async (_data, next) => String(await next()).toUpperCase())
  carrier!: string;
}

@Resolver()
class ParcelResolver {
  @Query(() => ParcelType)
  parcel(): ParcelType {
    return { id: 'p-1', labelText: 'fragile', carrier: 'post' };
  }
}

const audited = new GraphQLDirective({ name: 'audited', locations: [DirectiveLocation.OBJECT] });

async function serviceSdl(options: Partial<Parameters<typeof buildFederatedSchema>[0]> = {}): Promise<string> {
  const schema = await buildFederatedSchema({ resolvers: [ParcelResolver], directives: [audited], ...options });
  const result = await execute({ schema, document: parse('{ _service { sdl } }') });
  return stripIgnoredCharacters((result.data as { _service: { sdl: string } })._service.sdl);
}

describe('buildFederatedSchema', () => {
  it('links federation alone by default, at the version asked for', async () => {
    const sdl = await serviceSdl({ federationVersion: 'v2.3' });
    expect(sdl.match(/@link\(url:"[^"]+"/g)).toEqual([
      '@link(url:"https://specs.apollo.dev/link/v1.0"',
      '@link(url:"https://specs.apollo.dev/federation/v2.3"',
    ]);
    expect(sdl).not.toContain('@composeDirective(name:"');
  });

  it('links a custom spec, keeps its directives in the supergraph when asked, and defines them', async () => {
    const sdl = await serviceSdl({ links: [{ url: 'https://specs.example.dev/audit/v1.0', import: ['@audited'], compose: true }] });
    const links = '@link(url: "https://specs.example.dev/audit/v1.0", import: ["@audited"]) @composeDirective(name: "@audited")';
    expect(sdl).toContain(stripIgnoredCharacters(links));
    expect(sdl).toContain('directive@audited on OBJECT');
    expect(sdl).toContain(stripIgnoredCharacters(print(parse('type Parcel @audited @key(fields: "id") { id: ID! label: String! carrier: String! }'))));
  });

  it('links without composing when the directive stays in the subgraph', async () => {
    const sdl = await serviceSdl({ links: [{ url: 'https://specs.example.dev/audit/v1.0', import: ['@audited'] }] });
    expect(sdl).toContain('https://specs.example.dev/audit/v1.0');
    expect(sdl).not.toContain('@composeDirective(name:"');
  });

  it('leaves a plain field of its own name to the default read, and keeps the resolver of a renamed or wrapped one', async () => {
    const schema = await buildFederatedSchema({ resolvers: [ParcelResolver], directives: [audited] });
    const fields = (schema.getType('Parcel') as GraphQLObjectType).getFields();
    expect(fields.id.resolve).toBeUndefined();
    expect(fields.label.resolve).toEqual(expect.any(Function));
    expect(fields.carrier.resolve).toEqual(expect.any(Function));
    const result = await execute({ schema, document: parse('{ parcel { id label carrier } }') });
    expect(result).toEqual({ data: { parcel: { id: 'p-1', label: 'fragile', carrier: 'POST' } } });
  });
});
