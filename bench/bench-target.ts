import type { Operator, Tenant } from '../test/support/tenants';
import { benchTenant } from './bench-fixtures';
import type { BenchStack } from './bench-stack';
import { seedBrands, seedOperators } from './graph-fixtures';

/** Operators the gateway rows spread their distinct calls over: twice the most calls in flight, so no two in flight are alike. */
export const DISTINCT_OPERATORS = 128;

/**
 * One build under measurement (this one, or the `--baseline` one) with its running stack and
 * the fixtures the sections share, each made on first use.
 */
export class BenchTarget {
  private tenantMade?: Promise<Tenant>;
  private brandsMade?: Promise<void>;
  private operatorsMade?: Promise<Operator[]>;

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

  operators(): Promise<Operator[]> {
    return (this.operatorsMade ??= seedOperators(this.stack, DISTINCT_OPERATORS));
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
