import type { SqlEntityManager } from '../../../lib/db';
import { InstalledModule, ModuleText } from '../entities';

export const AGENT_GUIDE_PATH = '/backend/api/installer/agent-guide';

export interface InstallerStatus {
  enabled: boolean;
  agentGuide?: string;
  pending?: Array<{ module: string; since: Date; error?: string }>;
}

/** What the status and installed endpoints tell: pending installs with their errors, live modules. */
export class InstallerStatusService {
  constructor(
    private readonly em: SqlEntityManager,
    private readonly enabled: boolean,
  ) {}

  async status(): Promise<InstallerStatus> {
    if (!this.enabled) return { enabled: false };
    const pending = await this.em.find(InstalledModule, { state: 'pending' }, { orderBy: { requestedAt: 'asc' } });
    return {
      enabled: true,
      agentGuide: AGENT_GUIDE_PATH,
      pending: pending.map((install) => ({ module: install.module, since: install.requestedAt, error: install.lastError ?? undefined })),
    };
  }

  /** Live modules only, by name. */
  installed(): Promise<InstalledModule[]> {
    return this.em.find(InstalledModule, { state: 'live' }, { orderBy: { module: 'asc' } });
  }

  /** The texts of a live module in one language (its locales/<language>.json), by key. */
  async texts(module: string, language: string): Promise<Record<string, string>> {
    const texts = await this.em.find(ModuleText, { module, language }, { orderBy: { key: 'asc' } });
    return Object.fromEntries(texts.map((text) => [text.key, text.text]));
  }
}
