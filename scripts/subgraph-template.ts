/**
 * The files of a new subgraph, as the five share their layout (see docs/contributing.md, "Adding a
 * subgraph"): a composition root, its database spec, a process, a README, and one entity with its
 * GraphQL type, reference resolver, query, service and first migration for each dialect.
 */

/** How the new subgraph and its entity are called in each place. */
export interface SubgraphNames {
  /** The registry's key and folder: `notes`. */
  name: string;
  /** Its entity's class and GraphQL type: `Note`. */
  entity: string;
  /** Its port unless `<NAME>_PORT` says otherwise. */
  defaultPort: number;
  /** The first migration's class name: `Migration<yyyymmddhhmmss>`. */
  migration: string;
}

const pascal = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);
const camel = (word: string): string => word.charAt(0).toLowerCase() + word.slice(1);
const kebab = (word: string): string => word.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
const snake = (word: string): string => kebab(word).replace(/-/g, '_');

/** The table the entity's rows live in. */
export const tableOf = (entity: string): string => `${snake(entity)}s`;

/** Each file of the subgraph, by its path under `subgraphs/<name>/`. */
export function subgraphFiles(names: SubgraphNames): Record<string, string> {
  const { name, entity, defaultPort, migration } = names;
  const Name = pascal(name);
  const file = kebab(entity);
  const table = tableOf(entity);
  const services = `${Name}Services`;
  const context = `${Name}Context`;
  return {
    'README.md': `# ${Name} subgraph

What the ${name} domain owns, in a sentence or two. Port ${defaultPort} (\`${name.toUpperCase()}_PORT\`).

## Layout

| path | what it holds |
|---|---|
| \`${name}.subgraph.ts\` | the composition root: resolvers, reference resolvers, database, services |
| \`${name}-database.ts\` | its entities and migrations (\`DomainDatabaseSpec\`) |
| \`main.ts\` | the process: \`startSubgraphProcess(${name}Subgraph)\` |
| \`entities/\` | \`${entity}\` (MikroORM) |
| \`migrations/\` | one folder per dialect; the next one with \`npm run migrations:create -- ${name}\` |
| \`resolvers/\` | thin GraphQL resolvers; \`${file}.reference.ts\` answers \`_entities\` |
| \`services/\` | the domain logic; \`${name}-services.ts\` builds it per request |
| \`types/\` | the GraphQL object and input types |
`,
    [`${name}.subgraph.ts`]: `import type { SubgraphDefinition } from '../../lib/subgraph-kit';
import { ${name}Database } from './${name}-database';
import { ${camel(entity)}Reference } from './resolvers/${file}.reference';
import { ${entity}Resolver } from './resolvers/${file}.resolver';
import { prepare${services}, type ${services} } from './services/${name}-services';

/** The ${name} domain. */
export const ${name}Subgraph: SubgraphDefinition<${services}> = {
  name: '${name}',
  schema: {
    resolvers: [${entity}Resolver],
    referenceResolvers: { ${entity}: ${camel(entity)}Reference },
  },
  database: ${name}Database,
  prepare: prepare${services},
};
`,
    [`${name}-database.ts`]: `import { join } from 'node:path';
import type { DomainDatabaseSpec } from '../../lib/db';
import { ${name}Entities } from './entities';

/** The ${name} data: its entities and the migrations that build them. */
export const ${name}Database: DomainDatabaseSpec = { name: '${name}', entities: ${name}Entities, migrationsRoot: join(__dirname, 'migrations') };
`,
    'main.ts': `import { startSubgraphProcess } from '../../lib/subgraph-kit';
import { ${name}Subgraph } from './${name}.subgraph';

startSubgraphProcess(${name}Subgraph);
`,
    'entities/index.ts': `import { ${entity} } from './${file}.entity';

export { ${entity} };

export const ${name}Entities = [${entity}];
`,
    [`entities/${file}.entity.ts`]: `import { randomUUID } from 'node:crypto';
import { Entity, Property } from '@mikro-orm/core';
import { DomainEntity } from '../../../lib/db';

@Entity({ tableName: '${table}' })
export class ${entity} extends DomainEntity {
  @Property({ length: 200 })
  title: string;

  constructor(title: string) {
    super(randomUUID());
    this.title = title;
  }
}
`,
    [`types/${file}.type.ts`]: `import { Directive, Field, ID, ObjectType } from 'type-graphql';

@ObjectType('${entity}', { description: 'A ${camel(entity)} of the ${name} domain. Other subgraphs extend it by \`id\`.' })
@Directive('@key(fields: "id")')
export class ${entity}Type {
  @Field(() => ID)
  id!: string;

  @Field()
  title!: string;

  @Field()
  createdAt!: Date;
}
`,
    [`resolvers/${name}-context.ts`]: `import type { SubgraphContext } from '../../../lib/subgraph-kit';
import type { ${services} } from '../services/${name}-services';

export type ${context} = SubgraphContext<${services}>;
`,
    [`resolvers/${file}.resolver.ts`]: `import { Ctx, Query, Resolver } from 'type-graphql';
import type { ${entity} } from '../entities';
import { ${entity}Type } from '../types/${file}.type';
import type { ${context} } from './${name}-context';

@Resolver(() => ${entity}Type)
export class ${entity}Resolver {
  @Query(() => [${entity}Type], { description: 'Every ${camel(entity)}, oldest first.' })
  ${camel(name)}(@Ctx() { services }: ${context}): Promise<${entity}[]> {
    return services.${camel(entity)}s.list();
  }
}
`,
    [`resolvers/${file}.reference.ts`]: `import type { ${entity} } from '../entities';
import type { ${context} } from './${name}-context';

/** A ${entity} another subgraph refers to by id. */
export const ${camel(entity)}Reference = {
  __resolveReference(reference: { id: string }, { services }: ${context}): Promise<${entity} | null> {
    return services.${camel(entity)}s.findById(reference.id);
  },
};
`,
    [`services/${file}.service.ts`]: `import type { SqlEntityManager } from '../../../lib/db';
import { ${entity} } from '../entities';

export class ${entity}Service {
  constructor(private readonly em: SqlEntityManager) {}

  list(): Promise<${entity}[]> {
    return this.em.find(${entity}, {}, { orderBy: { createdAt: 'asc', id: 'asc' } });
  }

  findById(id: string): Promise<${entity} | null> {
    return this.em.findOne(${entity}, { id });
  }
}
`,
    [`services/${name}-services.ts`]: `import type { RequestScope } from '../../../lib/subgraph-kit';
import { ${entity}Service } from './${file}.service';

export interface ${services} {
  ${camel(entity)}s: ${entity}Service;
}

/** Builds the process-wide collaborators once (none yet); each request gets services over its own EntityManager. */
export function prepare${services}(): (scope: RequestScope) => ${services} {
  return ({ em }) => ({ ${camel(entity)}s: new ${entity}Service(em) });
}
`,
    [`migrations/sqlite/${migration}.ts`]: migrationFile(migration, [
      `create table \\\`${table}\\\` (\\\`id\\\` text not null, \\\`created_at\\\` datetime not null, \\\`updated_at\\\` datetime not null, \\\`title\\\` text not null, primary key (\\\`id\\\`));`,
    ]),
    [`migrations/postgresql/${migration}.ts`]: migrationFile(migration, [
      `create schema if not exists "${name}";`,
      `create table "${name}"."${table}" ("id" varchar(64) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "title" varchar(200) not null, constraint "${table}_pkey" primary key ("id"));`,
    ]),
  };
}

function migrationFile(className: string, statements: string[]): string {
  return `import { Migration } from '@mikro-orm/migrations';

export class ${className} extends Migration {

  override async up(): Promise<void> {
${statements.map((sql) => `    this.addSql(\`${sql}\`);`).join('\n')}
  }

}
`;
}
