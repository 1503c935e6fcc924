/** Where a running stack answers: all a fixture needs to talk to it (the bench's stacks too). */
export interface StackUrls {
  shimUrl: string;
  gatewayUrl: string;
}
