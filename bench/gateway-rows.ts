import { SHAPES } from './gateway-shapes';

/** The contenders of the gateway section beside our gateway as configured by default. */
export const GATEWAY_CONTENDERS = ['unshared', 'per-caller', 'unforwarded', 'trusted', 'cache', 'hive', 'hive-rust'] as const;
export type GatewayContender = (typeof GATEWAY_CONTENDERS)[number];

/** Which rows and columns the gateway section measures (`--shapes`, `--calls`, `--in-flight`, `--contenders`). */
export interface GatewayRows {
  shapes: string[];
  calls: Array<'identical' | 'distinct'>;
  inFlight: number[];
  contenders: GatewayContender[];
}

const listOf = (value: string | undefined) => value?.split(',').map((item) => item.trim()).filter(Boolean);

function chosen<T extends string>(flag: string, value: string | undefined, allowed: readonly T[]): T[] {
  const items = listOf(value);
  if (!items) return [...allowed];
  const unknown = items.filter((item) => !allowed.includes(item as T));
  if (unknown.length || items.length === 0) throw new Error(`${flag} ${value}: unknown ${unknown.join(', ') || 'empty list'}; there are ${allowed.join(', ')}`);
  return items as T[];
}

/** The gateway section's choice from its flags: every shape, both kinds of calls, 16 and 64 in flight and every contender unless narrowed. */
export function gatewayRows(flags: { shapes?: string; calls?: string; inFlight?: string; contenders?: string }): GatewayRows {
  const inFlight = listOf(flags.inFlight)?.map(Number) ?? [16, 64];
  if (inFlight.length === 0 || inFlight.some((value) => !Number.isInteger(value) || value < 1 || value > 1024)) {
    throw new Error(`--in-flight ${flags.inFlight}: whole numbers from 1 to 1024, comma-separated`);
  }
  return {
    shapes: chosen('--shapes', flags.shapes, SHAPES.map((shape) => shape.name)),
    calls: chosen('--calls', flags.calls, ['identical', 'distinct'] as const),
    inFlight,
    contenders: chosen('--contenders', flags.contenders, GATEWAY_CONTENDERS),
  };
}
