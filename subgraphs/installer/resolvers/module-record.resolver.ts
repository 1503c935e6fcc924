import { GraphQLJSONObject } from 'graphql-scalars';
import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { ModuleRecordPageType } from '../types/module-record-page.type';
import type { InstallerContext } from './installer-context';

/** The data API of live modules; values are JSON checked against the model, access by module role. */
@Resolver()
export class ModuleRecordResolver {
  @Query(() => ModuleRecordPageType, { description: 'Records by id; `after` a cursor, or `page` (1-based) of `first` (at most 200, default 30).' })
  moduleRecords(
    @Arg('module') module: string,
    @Arg('model') model: string,
    @Arg('first', () => Int, { nullable: true }) first: number | null,
    @Arg('after', () => String, { nullable: true }) after: string | null,
    @Arg('page', () => Int, { nullable: true }) page: number | null,
    @Ctx() { services }: InstallerContext,
  ): Promise<ModuleRecordPageType> {
    return services.records.list(module, model, { first: first ?? undefined, after: after ?? undefined, page: page ?? undefined });
  }

  @Query(() => GraphQLJSONObject)
  moduleRecord(@Arg('module') module: string, @Arg('model') model: string, @Arg('id', () => Int) id: number, @Ctx() { services }: InstallerContext): Promise<Record<string, unknown>> {
    return services.records.get(module, model, id);
  }

  @Mutation(() => GraphQLJSONObject)
  createModuleRecord(
    @Arg('module') module: string,
    @Arg('model') model: string,
    @Arg('values', () => GraphQLJSONObject) values: Record<string, unknown>,
    @Ctx() { services }: InstallerContext,
  ): Promise<Record<string, unknown>> {
    return services.records.create(module, model, values);
  }

  @Mutation(() => GraphQLJSONObject, { description: 'Changes the fields given; the others keep their values.' })
  updateModuleRecord(
    @Arg('module') module: string,
    @Arg('model') model: string,
    @Arg('id', () => Int) id: number,
    @Arg('values', () => GraphQLJSONObject) values: Record<string, unknown>,
    @Ctx() { services }: InstallerContext,
  ): Promise<Record<string, unknown>> {
    return services.records.update(module, model, id, values);
  }

  @Mutation(() => Boolean, { description: 'Refs to the record from other records become null.' })
  deleteModuleRecord(@Arg('module') module: string, @Arg('model') model: string, @Arg('id', () => Int) id: number, @Ctx() { services }: InstallerContext): Promise<boolean> {
    return services.records.delete(module, model, id);
  }
}
