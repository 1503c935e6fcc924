import { randomBytes } from 'node:crypto';
import { readOrCreateSecret } from '../../../lib/auth';
import type { RequestScope, SubgraphRuntime } from '../../../lib/subgraph-kit';
import { AppAccessCheck } from './apps/app-access';
import { AppSecrets } from './apps/app-secrets';
import { AppService } from './apps/app.service';
import { BillingService } from './billing/billing.service';
import { BillingSweep } from './billing/billing-sweep';
import type { AnnounceSuspension } from './billing/suspension-notices';
import { OAuthService } from './apps/oauth.service';
import { ImageService } from './images/image.service';
import { ProductService } from './products/product.service';
import { VariantService } from './variants/variant.service';
import { CategoryService } from './categories/category.service';
import { StoreService } from './stores/store.service';

export interface StoreServices {
  readonly stores: StoreService;
  readonly apps: AppService;
  readonly oauth: OAuthService;
  readonly access: AppAccessCheck;
  readonly products: ProductService;
  readonly variants: VariantService;
  readonly images: ImageService;
  readonly categories: CategoryService;
  readonly billing: BillingService;
}

/** Builds the process-wide collaborators once; each request gets services over its own EntityManager. */
export function prepareStoreServices({ config, logger, orm, onStop }: SubgraphRuntime): (scope: RequestScope) => StoreServices {
  if (!orm) throw new Error('The store subgraph needs its database');
  const secrets = new AppSecrets(config.store.appSecretKey ?? readOrCreateSecret(config.dataDir, 'store-app-secret-key', () => randomBytes(32).toString('hex')));
  const billing: BillingSettings = { admins: new Set(config.store.billingAdmins), announce: ANNOUNCE_NOTHING_UNTIL_WEBHOOKS };
  const sweep = new BillingSweep(orm, billing.announce, config.store.billingSweepMs, logger);
  sweep.start();
  onStop(() => sweep.stop());
  return (scope) => new RequestServices(scope, secrets, billing);
}

interface BillingSettings {
  admins: ReadonlySet<string>;
  announce: AnnounceSuspension;
}

/** SEAM: the webhook outbox's enqueue goes here once it exists (app/suspended, app/resumed). */
const ANNOUNCE_NOTHING_UNTIL_WEBHOOKS: AnnounceSuspension = async () => undefined;

/** One request's services, each made when first asked for. */
class RequestServices implements StoreServices {
  private readonly made: { -readonly [K in keyof StoreServices]?: StoreServices[K] } = {};

  constructor(
    private readonly scope: RequestScope,
    private readonly secrets: AppSecrets,
    private readonly billingSettings: BillingSettings,
  ) {}

  get stores(): StoreService {
    return (this.made.stores ??= new StoreService(this.scope.em, this.scope.identity));
  }

  get apps(): AppService {
    return (this.made.apps ??= new AppService(this.scope.em, this.scope.identity, this.secrets));
  }

  get oauth(): OAuthService {
    return (this.made.oauth ??= new OAuthService(this.scope.em, this.scope.identity, this.stores, this.secrets));
  }

  /** The app's token checked once per request, whichever fields ask. */
  get access(): AppAccessCheck {
    return (this.made.access ??= new AppAccessCheck(this.scope.em, this.scope.headers));
  }

  get products(): ProductService {
    return (this.made.products ??= new ProductService(this.scope.em, this.access));
  }

  get variants(): VariantService {
    return (this.made.variants ??= new VariantService(this.scope.em, this.access));
  }

  get images(): ImageService {
    return (this.made.images ??= new ImageService(this.scope.em, this.access));
  }

  get categories(): CategoryService {
    return (this.made.categories ??= new CategoryService(this.scope.em, this.access));
  }

  get billing(): BillingService {
    const { admins, announce } = this.billingSettings;
    return (this.made.billing ??= new BillingService(this.scope.em, this.scope.identity, admins, announce));
  }
}
