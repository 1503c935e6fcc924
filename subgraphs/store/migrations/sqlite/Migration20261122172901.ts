import { Migration } from '@mikro-orm/migrations';

export class Migration20261122172901 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`apps\` (\`id\` integer not null primary key autoincrement, \`created_at\` datetime not null, \`updated_at\` datetime not null, \`name\` text not null, \`developer_id\` text not null, \`client_secret_seed\` text not null, \`client_secret_hash\` text not null, \`redirect_url\` text not null, \`scopes\` text not null, \`monthly_price_cents\` integer not null);`);
    this.addSql(`create index \`apps_developer_id_index\` on \`apps\` (\`developer_id\`);`);

    this.addSql(`create table \`authorization_codes\` (\`id\` integer not null primary key autoincrement, \`created_at\` datetime not null, \`updated_at\` datetime not null, \`code_hash\` text not null, \`store_id\` integer not null, \`app_id\` integer not null, \`expires_at\` datetime not null);`);
    this.addSql(`create unique index \`authorization_codes_code_hash_unique\` on \`authorization_codes\` (\`code_hash\`);`);
    this.addSql(`create index \`authorization_codes_expires_at_index\` on \`authorization_codes\` (\`expires_at\`);`);

    this.addSql(`create table \`categories\` (\`id\` integer not null primary key autoincrement, \`created_at\` datetime not null, \`updated_at\` datetime not null, \`store_id\` integer not null, \`parent_id\` integer null, \`google_shopping_category\` text null);`);
    this.addSql(`create index \`categories_store_id_updated_at_id_index\` on \`categories\` (\`store_id\`, \`updated_at\`, \`id\`);`);
    this.addSql(`create index \`categories_store_id_created_at_id_index\` on \`categories\` (\`store_id\`, \`created_at\`, \`id\`);`);
    this.addSql(`create index \`categories_store_id_parent_id_id_index\` on \`categories\` (\`store_id\`, \`parent_id\`, \`id\`);`);
    this.addSql(`create index \`categories_store_id_id_index\` on \`categories\` (\`store_id\`, \`id\`);`);

    this.addSql(`create table \`category_texts\` (\`id\` integer not null primary key autoincrement, \`category_id\` integer not null, \`store_id\` integer not null, \`language\` text not null, \`name\` text not null default '', \`description\` text not null default '', \`handle\` text null);`);
    this.addSql(`create unique index \`category_texts_store_id_language_handle_unique\` on \`category_texts\` (\`store_id\`, \`language\`, \`handle\`);`);
    this.addSql(`create unique index \`category_texts_category_id_language_unique\` on \`category_texts\` (\`category_id\`, \`language\`);`);

    this.addSql(`create table \`installations\` (\`id\` integer not null primary key autoincrement, \`created_at\` datetime not null, \`updated_at\` datetime not null, \`store_id\` integer not null, \`app_id\` integer not null, \`token_hash\` text not null, \`scopes\` text not null, \`paid_until\` datetime null);`);
    this.addSql(`create unique index \`installations_token_hash_unique\` on \`installations\` (\`token_hash\`);`);
    this.addSql(`create unique index \`installations_store_id_app_id_unique\` on \`installations\` (\`store_id\`, \`app_id\`);`);

    this.addSql(`create table \`products\` (\`id\` integer not null primary key autoincrement, \`created_at\` datetime not null, \`updated_at\` datetime not null, \`store_id\` integer not null, \`published\` integer not null default true, \`free_shipping\` integer not null default false, \`requires_shipping\` integer not null default true, \`canonical_url\` text null, \`video_url\` text null, \`brand\` text null, \`tags\` text not null default '', \`attributes\` text not null default '[]', \`sort_price\` bigint not null default 999999999999999, \`stock\` integer not null default 2147483647);`);
    this.addSql(`create index \`products_store_id_updated_at_id_index\` on \`products\` (\`store_id\`, \`updated_at\`, \`id\`);`);
    this.addSql(`create index \`products_store_id_created_at_id_index\` on \`products\` (\`store_id\`, \`created_at\`, \`id\`);`);
    this.addSql(`create index \`products_store_id_stock_id_index\` on \`products\` (\`store_id\`, \`stock\`, \`id\`);`);
    this.addSql(`create index \`products_store_id_sort_price_id_index\` on \`products\` (\`store_id\`, \`sort_price\`, \`id\`);`);
    this.addSql(`create index \`products_store_id_free_shipping_id_index\` on \`products\` (\`store_id\`, \`free_shipping\`, \`id\`);`);
    this.addSql(`create index \`products_store_id_published_id_index\` on \`products\` (\`store_id\`, \`published\`, \`id\`);`);
    this.addSql(`create index \`products_store_id_id_index\` on \`products\` (\`store_id\`, \`id\`);`);

    this.addSql(`create table \`product_categories\` (\`id\` integer not null primary key autoincrement, \`product_id\` integer not null, \`category_id\` integer not null, \`store_id\` integer not null);`);
    this.addSql(`create index \`product_categories_category_id_product_id_index\` on \`product_categories\` (\`category_id\`, \`product_id\`);`);
    this.addSql(`create unique index \`product_categories_product_id_category_id_unique\` on \`product_categories\` (\`product_id\`, \`category_id\`);`);

    this.addSql(`create table \`product_images\` (\`id\` integer not null primary key autoincrement, \`created_at\` datetime not null, \`updated_at\` datetime not null, \`product_id\` integer not null, \`store_id\` integer not null, \`src\` text not null, \`position\` integer not null, \`alt\` text not null default '{}');`);
    this.addSql(`create index \`product_images_product_id_position_id_index\` on \`product_images\` (\`product_id\`, \`position\`, \`id\`);`);

    this.addSql(`create table \`product_page_marks\` (\`id\` integer not null primary key autoincrement, \`store_id\` integer not null, \`first_product_id\` integer not null, \`product_count\` integer not null);`);
    this.addSql(`create unique index \`product_page_marks_store_id_first_product_id_unique\` on \`product_page_marks\` (\`store_id\`, \`first_product_id\`);`);

    this.addSql(`create table \`product_texts\` (\`id\` integer not null primary key autoincrement, \`product_id\` integer not null, \`store_id\` integer not null, \`language\` text not null, \`name\` text not null default '', \`description\` text not null default '', \`handle\` text null, \`seo_title\` text not null default '', \`seo_description\` text not null default '');`);
    this.addSql(`create index \`product_texts_store_id_language_name_product_id_index\` on \`product_texts\` (\`store_id\`, \`language\`, \`name\`, \`product_id\`);`);
    this.addSql(`create unique index \`product_texts_store_id_language_handle_unique\` on \`product_texts\` (\`store_id\`, \`language\`, \`handle\`);`);
    this.addSql(`create unique index \`product_texts_product_id_language_unique\` on \`product_texts\` (\`product_id\`, \`language\`);`);

    this.addSql(`create table \`stores\` (\`id\` integer not null primary key autoincrement, \`created_at\` datetime not null, \`updated_at\` datetime not null, \`name\` text not null, \`owner_id\` text not null, \`languages\` text not null, \`main_language\` text not null, \`paid_until\` datetime not null, \`product_count\` integer not null default 0, \`products_created\` integer not null default 0, \`category_count\` integer not null default 0);`);
    this.addSql(`create index \`stores_owner_id_index\` on \`stores\` (\`owner_id\`);`);

    this.addSql(`create table \`variants\` (\`id\` integer not null primary key autoincrement, \`created_at\` datetime not null, \`updated_at\` datetime not null, \`product_id\` integer not null, \`store_id\` integer not null, \`position\` integer not null, \`image_id\` integer null, \`price\` bigint null, \`compare_at_price\` bigint null, \`promotional_price\` bigint null, \`cost\` bigint null, \`stock_management\` integer not null default false, \`stock\` integer null, \`weight\` bigint null, \`width\` bigint null, \`height\` bigint null, \`depth\` bigint null, \`sku\` text null, \`values\` text not null default '[]', \`barcode\` text null, \`mpn\` text null, \`age_group\` text null, \`gender\` text null);`);
    this.addSql(`create index \`variants_store_id_sku_id_index\` on \`variants\` (\`store_id\`, \`sku\`, \`id\`);`);
    this.addSql(`create index \`variants_product_id_position_id_index\` on \`variants\` (\`product_id\`, \`position\`, \`id\`);`);
  }

}
