import type { ServerResponse } from 'node:http';

/**
 * Writes a streamed answer's chunks (a deferred operation's parts, a multipart subscription's
 * results) as they come, then ends it. When the client goes away first, the stream is returned
 * at once, so whatever feeds it (a subscription at a subgraph) is released.
 */
export async function writeChunks(res: ServerResponse, chunks: AsyncIterable<string>): Promise<void> {
  const iterator = chunks[Symbol.asyncIterator]();
  const gone = () => void iterator.return?.();
  res.once('close', gone);
  try {
    for (;;) {
      const chunk = await iterator.next();
      if (chunk.done || res.destroyed) break;
      res.write(chunk.value);
    }
  } finally {
    res.off('close', gone);
  }
  res.end();
}
