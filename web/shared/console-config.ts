/**
 * What the web server tells the console page about its deployment: written into the page by
 * `web/server/console-page.ts`, read by `web/src/console-config.ts`. One type for both sides.
 */
export interface ConsoleConfig {
  /** The gateway's GraphQL endpoint as the browser reaches it (`GATEWAY_PUBLIC_URL`). */
  gatewayUrl: string;
}
