import type { SubgraphDefinition } from '../../lib/subgraph-kit';
import { installerDatabase } from './installer-database';
import { GeneratorLaneResolver } from './resolvers/generator-lane.resolver';
import { InstallerResolver } from './resolvers/installer.resolver';
import { ModuleRecordResolver } from './resolvers/module-record.resolver';
import { prepareInstallerServices, type InstallerServices } from './services/installer-services';

/** Area B of the store-api-and-installer spec: packages, installs, upgrades and the live modules' data. */
export const installerSubgraph: SubgraphDefinition<InstallerServices> = {
  name: 'installer',
  schema: { resolvers: [InstallerResolver, GeneratorLaneResolver, ModuleRecordResolver] },
  database: installerDatabase,
  prepare: prepareInstallerServices,
};
