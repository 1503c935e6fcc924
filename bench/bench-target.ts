import type { Tenant } from '../test/support/tenants';
import { benchTenant } from './bench-fixtures';
import type { BenchStack } from './bench-stack';
import { seedBrands, seedOperators } from './graph-fixtures';
import { seedBrandProducts, seedCatalogues } from './store-fixtures';
import type { BenchInstallation } from './store-load';

/** Operators the gateway rows spread their distinct calls over: twice the most calls in flight, so no two in flight are alike. */
export const DISTINCT_OPERATORS = 128;
/**
 * Stores the large answer's distinct calls spread over (each seeded with 200 products): twice the
 * most calls in flight, as the operators. At as many as the calls in flight (64, until stop 56),
 * answers coming back out of order left two calls of one store in flight at once, and our gateway
 * shared about half the large distinct calls at 64 in flight as identical queries.
 */
export const DISTINCT_STORES = 128;

/**
 * One build under measurement (this one, or the `--baseline` one) with its running stack and
 * the fixtures the sections share, each made on first use.
 */
export class BenchTarget {
  private tenantMade?: Promise<Tenant>;
  private brandsMade?: Promise<void>;
  private operatorsMade?: Promise<Tenant[]>;
  private storesMade?: Promise<BenchInstallation[]>;
  private brandProductsMade?: Promise<void>;

  constructor(
    readonly label: string,
    readonly stack: BenchStack,
    /** The compiled tree the stack runs from; undefined for this build. */
    readonly distRoot?: string,
  ) {}

  /** An operator with a workflow and a key whose budget and rate the bench cannot exhaust. */
  tenant(): Promise<Tenant> {
    return (this.tenantMade ??= benchTenant(this.stack));
  }

  brands(): Promise<void> {
    return (this.brandsMade ??= seedBrands(this.stack));
  }

  /** Operators of organisations of their own, each with an API key too (see `seedOperators`). */
  operators(): Promise<Tenant[]> {
    return (this.operatorsMade ??= seedOperators(this.stack, DISTINCT_OPERATORS));
  }

  /** At least `count` such operators: those of `operators()` when made or when `count` needs as many, else `count` of their own. */
  async someOperators(count: number): Promise<Tenant[]> {
    if (this.operatorsMade || count > DISTINCT_OPERATORS / 2) return this.operators();
    return seedOperators(this.stack, count);
  }

  /** Stores with an installed app's token and 200 products each (see `seedCatalogues`). */
  stores(): Promise<BenchInstallation[]> {
    return (this.storesMade ??= seedCatalogues(this.stack, DISTINCT_STORES));
  }

  /** Store products under the feed's brands (which it makes first), for the deep query. */
  brandProducts(): Promise<void> {
    return (this.brandProductsMade ??= this.brands().then(() => seedBrandProducts(this.stack)));
  }

  /** Process ids of the stack's parts, by name. */
  pids(): Map<string, number> {
    return this.stack.pids();
  }

  /** Process ids of the named parts only. */
  pidsOf(...names: string[]): Map<string, number> {
    const all = this.pids();
    return new Map(names.map((name) => [name, all.get(name) ?? NaN]));
  }
}
