import type { RequestIdentity } from '../../../../lib/auth';
import type { SqlEntityManager } from '../../../../lib/db';
import { App } from '../../entities';
import { checkAppName, checkMonthlyPrice, checkRedirectUrl } from './app-rules';
import type { AppSecrets } from './app-secrets';
import { checkScopes, joinScopes } from './scopes';

export interface RegisteredApp {
  id: number;
  clientId: string;
  app: App;
  /** Shown this once. */
  clientSecret: string;
}

/** Apps as their developers (accounts users) register them. */
export class AppService {
  constructor(
    private readonly em: SqlEntityManager,
    private readonly identity: RequestIdentity,
    private readonly secrets: AppSecrets,
  ) {}

  async create(fields: { name: string; redirectUrl: string; scopes: string[]; monthlyPriceCents: number }): Promise<RegisteredApp> {
    const developerId = this.identity.userId;
    const checked = {
      name: checkAppName(fields.name),
      redirectUrl: checkRedirectUrl(fields.redirectUrl),
      scopes: joinScopes(checkScopes(fields.scopes)),
      monthlyPriceCents: checkMonthlyPrice(fields.monthlyPriceCents),
    };
    const secret = this.secrets.issue();
    const app = new App({ ...checked, developerId, clientSecretSeed: secret.seed, clientSecretHash: secret.hash });
    await this.em.persistAndFlush(app);
    return { id: app.id, clientId: app.clientId, app, clientSecret: secret.secret };
  }

  /** The apps the caller registered. */
  async mine(): Promise<App[]> {
    return this.em.find(App, { developerId: this.identity.userId }, { orderBy: { id: 'asc' } });
  }
}
