import { purposeSecret, SECRET_PURPOSES } from '../../../lib/auth';
import type { WebhookConfig } from '../../../lib/config';
import type { RequestScope, SubgraphRuntime } from '../../../lib/subgraph-kit';
import { AppAccessCheck } from './apps/app-access';
import { AppSecrets } from './apps/app-secrets';
import { AppService } from './apps/app.service';
import { BillingService } from './billing/billing.service';
import { BillingSweep } from './billing/billing-sweep';
import { OAuthService } from './apps/oauth.service';
import { ImageService } from './images/image.service';
import { OrderService } from './orders/order.service';
import { ProductService } from './products/product.service';
import { BrandProducts } from './products/brand-products';
import { VariantService } from './variants/variant.service';
import { CategoryService } from './categories/category.service';
import { CartService } from './checkout/cart.service';
import { CouponService } from './coupons/coupon.service';
import { CustomerService } from './customers/customer.service';
import { ScriptService } from './scripts/script.service';
import { StoreService } from './stores/store.service';
import { StorefrontService } from './storefront/storefront.service';
import { OutboxDoorbell } from './webhooks/outbox-doorbell';
import { WebhookDeliverer } from './webhooks/webhook-deliverer';
import { WebhookService } from './webhooks/webhook.service';
import { WebhookTargets } from './webhooks/webhook-targets';

export interface StoreServices {
  readonly stores: StoreService;
  readonly apps: AppService;
  readonly oauth: OAuthService;
  readonly access: AppAccessCheck;
  readonly products: ProductService;
  readonly brandProducts: BrandProducts;
  readonly variants: VariantService;
  readonly images: ImageService;
  readonly categories: CategoryService;
  readonly customers: CustomerService;
  readonly orders: OrderService;
  readonly coupons: CouponService;
  readonly carts: CartService;
  readonly webhooks: WebhookService;
  readonly scripts: ScriptService;
  readonly storefront: StorefrontService;
  readonly billing: BillingService;
}

/**
 * Builds the process-wide collaborators once, and starts this instance's webhook deliverer and
 * billing sweep (both run in the subgraph's process and stop with it); each request gets services
 * over its own EntityManager.
 */
export function prepareStoreServices({ config, logger, orm, onStop }: SubgraphRuntime): (scope: RequestScope) => StoreServices {
  // Every replica must sign an app's webhooks with the secret the app was given, whichever replica issued it.
  const secrets = new AppSecrets(purposeSecret(config, SECRET_PURPOSES.storeAppSecret, config.store.appSecretKey));
  const webhooks = config.store.webhooks;
  const billingAdmins = new Set(config.store.billingAdmins);
  if (orm) {
    const deliverer = new WebhookDeliverer(orm, secrets, webhooks, logger.child({ component: 'webhooks' }));
    orm.em.getEventManager().registerSubscriber(new OutboxDoorbell(() => deliverer.ring()));
    deliverer.start();
    const sweep = new BillingSweep(orm, config.store.billingSweepMs, logger.child({ component: 'billing' }));
    sweep.start();
    onStop(async () => {
      await sweep.stop();
      await deliverer.stop();
    });
  }
  return (scope) => new RequestServices(scope, secrets, webhooks, billingAdmins);
}

/** One request's services, each made when first asked for. */
class RequestServices implements StoreServices {
  private readonly made: { -readonly [K in keyof StoreServices]?: StoreServices[K] } = {};

  constructor(
    private readonly scope: RequestScope,
    private readonly secrets: AppSecrets,
    private readonly webhookSettings: WebhookConfig,
    private readonly billingAdmins: ReadonlySet<string>,
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

  /** The brands' products, each brand read once per request (see BrandProducts). */
  get brandProducts(): BrandProducts {
    return (this.made.brandProducts ??= new BrandProducts(this.scope.em));
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

  get customers(): CustomerService {
    return (this.made.customers ??= new CustomerService(this.scope.em, this.access));
  }

  get orders(): OrderService {
    return (this.made.orders ??= new OrderService(this.scope.em, this.access, this.scope.identity, this.stores));
  }

  get coupons(): CouponService {
    return (this.made.coupons ??= new CouponService(this.scope.em, this.access));
  }

  get carts(): CartService {
    return (this.made.carts ??= new CartService(this.scope.em, this.orders));
  }

  get webhooks(): WebhookService {
    return (this.made.webhooks ??= new WebhookService(this.scope.em, this.access, new WebhookTargets(this.webhookSettings.allowPrivateTargets)));
  }

  get scripts(): ScriptService {
    return (this.made.scripts ??= new ScriptService(this.scope.em, this.access));
  }

  get storefront(): StorefrontService {
    return (this.made.storefront ??= new StorefrontService(this.scope.em));
  }

  get billing(): BillingService {
    return (this.made.billing ??= new BillingService(this.scope.em, this.scope.identity, this.billingAdmins));
  }
}
