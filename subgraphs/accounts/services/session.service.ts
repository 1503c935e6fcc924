import type { LoginThrottle, RequestIdentity } from '../../../lib/auth';
import { unauthenticated } from '../../../lib/errors';
import type { User } from '../entities';
import type { TokenService } from './token.service';
import type { CodehostSignUp, EmailPasswordSignUp, UserService } from './user.service';

export interface Session {
  token: string;
  userId: string;
  username: string;
}

/** Signing up, logging in and refreshing: each ends in a fresh token. */
export class SessionService {
  constructor(
    private readonly users: UserService,
    private readonly tokens: TokenService,
    private readonly identity: RequestIdentity,
    private readonly logins: LoginThrottle,
    /** The caller's address, whose failed logins are counted. */
    private readonly clientAddress: string,
  ) {}

  async signUpWithEmail(input: EmailPasswordSignUp): Promise<Session> {
    return this.open(await this.users.createFromEmailPassword(input));
  }

  async signUpWithCodehost(input: CodehostSignUp): Promise<Session> {
    return this.open(await this.users.createFromCodehost(input));
  }

  /** Guesses are throttled per account and per address. */
  async login(username: string, password: string): Promise<Session> {
    return this.open(await this.logins.attempt(username, this.clientAddress, () => this.users.authenticate(username, password)));
  }

  /** A new token for the caller, carrying their organisations and permissions as they are now. */
  async refresh(): Promise<Session> {
    const user = await this.users.findById(this.identity.userId);
    if (!user) throw unauthenticated('The account no longer exists');
    return this.open(user);
  }

  private async open(user: User): Promise<Session> {
    return { token: await this.tokens.issueFor(user), userId: user.id, username: user.username };
  }
}
