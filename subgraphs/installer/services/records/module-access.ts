import type { RequestIdentity } from '../../../../lib/auth';
import { forbidden } from '../../../../lib/errors';
import type { SqlEntityManager } from '../../../../lib/db';
import { ModuleMember, type InstalledModule } from '../../entities';

export type RecordAction = 'read' | 'write';

/**
 * Who may do what with a module's records: accounts users (JWT) who are members of the module.
 * Any member reads; writing takes a role ranked above the module's lowest role (the lowest is
 * read-only), or the only role when there is one. The top role also manages members.
 */
export class ModuleAccess {
  constructor(
    private readonly em: SqlEntityManager,
    private readonly identity: RequestIdentity,
  ) {}

  async require(install: InstalledModule, action: RecordAction | 'manage'): Promise<string> {
    const userId = this.identity.userId; // UNAUTHENTICATED without a valid token
    const member = await this.em.findOne(ModuleMember, { module: install.module, userId });
    const ranks = install.contents.manifest.roles.map((role) => role.rank);
    const rank = install.contents.manifest.roles.find((role) => role.name === member?.role)?.rank;
    if (rank === undefined) throw forbidden(`You are not a member of ${install.module}`);
    const needed = action === 'read' ? Math.min(...ranks) : action === 'manage' ? Math.max(...ranks) : ranks.length === 1 ? ranks[0] : Math.min(...ranks) + 1;
    if (rank < needed) throw forbidden(`Your role in ${install.module} (${member!.role}) may not ${action} here`);
    return userId;
  }
}
