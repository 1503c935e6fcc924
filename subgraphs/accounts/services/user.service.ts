import { hashPassword, verifyPassword } from '../../../lib/auth';
import { isUniqueViolation } from '../../../lib/db';
import type { RequestDatabase } from '../../../lib/subgraph-kit';
import { AppError, badInput, conflict, notFound, unauthenticated } from '../../../lib/errors';
import { User } from '../entities';
import { checkEmail, checkPassword, emailKey } from '../../../lib/validation';
import { checkCodehostId, checkUsername } from './account-rules';
import type { CodehostClient } from './codehost-client';

export interface EmailPasswordSignUp {
  username: string;
  email: string;
  password: string;
}

export interface CodehostSignUp {
  username: string;
  codehostId: number;
  accessToken: string;
}

/** Creating users and checking who they are. */
export class UserService {
  constructor(
    private readonly db: RequestDatabase,
    private readonly codehost: CodehostClient,
  ) {}

  private get em() {
    return this.db.em;
  }

  async findById(id: string): Promise<User | null> {
    return this.em.findOne(User, { id });
  }

  async getById(id: string): Promise<User> {
    const user = await this.findById(id);
    if (!user) throw notFound('User not found');
    return user;
  }

  async createFromEmailPassword(input: EmailPasswordSignUp): Promise<User> {
    checkUsername(input.username);
    checkEmail(input.email);
    checkPassword(input.password);
    await this.ensureUsernameFree(input.username);
    if (await this.em.count(User, { emailKey: emailKey(input.email) })) throw conflict('email', 'email is already registered');
    const user = new User({ username: input.username, email: input.email, passwordHash: await hashPassword(input.password) });
    return this.insert(user);
  }

  async createFromCodehost(input: CodehostSignUp): Promise<User> {
    checkUsername(input.username);
    checkCodehostId(input.codehostId);
    if (input.accessToken.trim() === '') throw badInput('accessToken', 'access_token is required');
    const owner = await this.codehost.whoOwns(input.accessToken, 'accessToken');
    if (owner.id !== input.codehostId) {
      throw new AppError('UNAUTHENTICATED', 'The access token belongs to another code-host account', { field: 'accessToken' });
    }
    await this.ensureUsernameFree(input.username);
    if (await this.em.count(User, { codehostId: String(input.codehostId) })) {
      throw conflict('codehostId', 'codehost_id is already registered');
    }
    return this.insert(new User({ username: input.username, codehostId: input.codehostId }));
  }

  /** The user whose credentials these are; unknown user and wrong password look the same. */
  async authenticate(username: string, password: string): Promise<User> {
    const user = username === '' ? null : await this.em.findOne(User, { usernameKey: username.toLowerCase() });
    const matches = await verifyPassword(password, user?.passwordHash ?? undefined);
    if (!user || !matches) throw unauthenticated('Invalid username or password');
    return user;
  }

  private async ensureUsernameFree(username: string): Promise<void> {
    if (await this.em.count(User, { usernameKey: username.toLowerCase() })) throw conflict('username', 'username is already taken');
  }

  /** Inserts, turning a lost race on a unique column into the same 409 the pre-check gives. */
  private async insert(user: User): Promise<User> {
    try {
      await this.em.persistAndFlush(user);
      return user;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      this.em.clear();
      await this.ensureUsernameFree(user.username);
      if (user.codehostId !== null) throw conflict('codehostId', 'codehost_id is already registered');
      throw conflict('email', 'email is already registered');
    }
  }
}
