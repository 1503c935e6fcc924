import { BigIntType } from '@mikro-orm/core';

/**
 * Money as a bigint column read as a JS number (exact up to 2⁵³). Budgets are whole cents;
 * spend is in microcents (10⁻⁶ cent) because token prices are fractions of a cent and integer
 * sums stay exact (up to about 90 million dollars).
 */
export const moneyColumn = () => new BigIntType('number');

export const MICROCENTS_PER_CENT = 1_000_000;
