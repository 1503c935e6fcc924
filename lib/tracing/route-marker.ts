/** Names the server span after a route; set only when tracing started, so it never loads the SDK. */
let marker: ((route: string) => void) | undefined;

export function setRouteMarker(mark: (route: string) => void): void {
  marker = mark;
}

/**
 * For a request served outside express (the GraphQL front): its server span is named after the
 * route pattern (`POST /graphql`), as the express instrumentation names the others. Nothing when
 * tracing is off.
 */
export function markRoute(route: string): void {
  marker?.(route);
}
