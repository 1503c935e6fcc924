import { App } from './app.entity';
import { AuthorizationCode } from './authorization-code.entity';
import { Cart } from './cart.entity';
import { CartLine } from './cart-line.entity';
import { Category } from './category.entity';
import { CategoryText } from './category-text.entity';
import { Coupon } from './coupon.entity';
import { Customer } from './customer.entity';
import { CustomerAddress } from './customer-address.entity';
import { Installation } from './installation.entity';
import { Order } from './order.entity';
import { OrderLine } from './order-line.entity';
import { Product } from './product.entity';
import { ProductCategory } from './product-category.entity';
import { ProductImage } from './product-image.entity';
import { ProductPageMark } from './product-page-mark.entity';
import { ProductText } from './product-text.entity';
import { Script } from './script.entity';
import { Store } from './store.entity';
import { Variant } from './variant.entity';
import { Webhook } from './webhook.entity';
import { WebhookDelivery } from './webhook-delivery.entity';

export { App, AuthorizationCode, Cart, CartLine, Category, CategoryText, Coupon, Customer, CustomerAddress, Installation, Order, OrderLine, Product, ProductCategory, ProductImage, ProductPageMark, ProductText, Script, Store, Variant, Webhook, WebhookDelivery };

export { NO_PRICE, UNLIMITED_STOCK } from './product.entity';

export const storeEntities = [Store, App, Installation, AuthorizationCode, Product, ProductText, Variant, ProductImage, Category, CategoryText, ProductCategory, ProductPageMark, Webhook, WebhookDelivery, Script, Customer, CustomerAddress, Order, OrderLine, Coupon, Cart, CartLine];
