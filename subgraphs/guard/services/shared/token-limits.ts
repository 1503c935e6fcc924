/** The most tokens one call may estimate at the gate or report in a usage event. */
export const MAX_ESTIMATED_TOKENS = 50_000_000;
