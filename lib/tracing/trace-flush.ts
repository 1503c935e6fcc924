/** Sends what the tracer still holds; set only when tracing started, so it never loads the SDK. */
let flusher: (() => Promise<void>) | undefined;

export function setTraceFlusher(flush: () => Promise<void>): void {
  flusher = flush;
}

/** Called on shutdown, so the last requests' spans are not lost with the process. */
export async function flushTraces(): Promise<void> {
  await flusher?.();
}
