import { request } from 'undici';

/** Whether `url` answers 200 now; not listening yet, or slower than `timeoutMs`, is not yet. */
export async function answersOk(url: string, timeoutMs = 3000): Promise<boolean> {
  try {
    const response = await request(url, { headersTimeout: timeoutMs });
    await response.body.dump();
    return response.statusCode === 200;
  } catch {
    return false;
  }
}
