/** This package's version; `capabilities.sdk_min_version` is compared against it. */
export const SDK_VERSION = '0.12.0';

/** The guard wire protocol this SDK speaks. */
export const PROTOCOL_VERSION = 3;

/** The first SDK version that speaks protocol v3: a gateway that refuses us needs at least this. */
export const SDK_MIN_VERSION_FOR_V3 = '0.12.0';
