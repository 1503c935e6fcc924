import { postJson, uniqueName } from './http';
import type { StackUrls } from './stack-urls';

export interface TestUser {
  username: string;
  userId: string;
  token: string;
  password: string;
}

/** Signs a fresh user up through the shim. */
export async function signUp(target: Pick<StackUrls, 'shimUrl'>, prefix = 'user'): Promise<TestUser> {
  const username = uniqueName(prefix);
  const password = 'Secret123';
  const response = await postJson(`${target.shimUrl}/user/createFromEmailPassword`, { username, email: `${username}@example.com`, password });
  if (response.status !== 200) throw new Error(`sign-up failed: ${response.status} ${JSON.stringify(response.body)}`);
  return { username, password, userId: response.body.user_id, token: response.body.token };
}
