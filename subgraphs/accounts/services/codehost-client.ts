import { request } from 'undici';
import { AppError, badGateway } from '../../../lib/errors';

export interface CodehostIdentity {
  id: number;
  login: string;
}

/** Asks the code host who owns an OAuth access token (`GET {base}/user`). */
export class CodehostClient {
  constructor(private readonly baseUrl: string, private readonly timeoutMs = 5000) {}

  async whoOwns(accessToken: string, field: string): Promise<CodehostIdentity> {
    let response;
    try {
      response = await request(new URL('user', this.baseUrl.endsWith('/') ? this.baseUrl : `${this.baseUrl}/`), {
        headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json', 'user-agent': 'switchyard-accounts' },
        headersTimeout: this.timeoutMs,
        bodyTimeout: this.timeoutMs,
      });
    } catch {
      throw badGateway('The code host could not be reached', field);
    }
    if (response.statusCode === 401 || response.statusCode === 403) {
      await response.body.dump();
      throw new AppError('UNAUTHENTICATED', 'The code host rejected the access token', { field });
    }
    if (response.statusCode !== 200) {
      await response.body.dump();
      throw badGateway(`The code host answered ${response.statusCode}`, field);
    }
    const body = (await response.body.json().catch(() => undefined)) as Partial<CodehostIdentity> | undefined;
    if (!body || !Number.isSafeInteger(body.id)) throw badGateway('The code host gave an unreadable answer', field);
    return { id: body.id!, login: String(body.login ?? '') };
  }
}
