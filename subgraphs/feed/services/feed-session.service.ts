import type { EntityManager } from '@mikro-orm/core';
import { forbidden, unauthenticated } from '../../../lib/errors';
import { FeedUser } from '../entities';
import { hashSessionToken, newSessionSeed, sessionTokenOf, type SessionPolicy } from './session-token';

/**
 * Session tokens of the feed: who presented `X-Access-Token`, opening a session at register and
 * login (handing back the active one when there is one), and ending it at logout.
 */
export class FeedSessionService {
  private caller?: Promise<FeedUser>;

  constructor(
    private readonly em: EntityManager,
    private readonly policy: SessionPolicy,
    private readonly presentedToken: string | undefined,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The token the caller presented, once `currentUser` has accepted it. */
  get token(): string {
    if (this.presentedToken === undefined) throw unauthenticated('An access token is required');
    return this.presentedToken;
  }

  /** The user whose live token was presented, or UNAUTHENTICATED with the reason. Read once per request. */
  currentUser(): Promise<FeedUser> {
    this.caller ??= this.findCaller();
    return this.caller;
  }

  /** The caller, when they are a feed admin; FORBIDDEN otherwise. */
  async currentAdmin(): Promise<FeedUser> {
    const user = await this.currentUser();
    if (!user.isAdmin) throw forbidden('Only feed admins may manage brands');
    return user;
  }

  /** Gives a new user their first session; flushed with the user. */
  openFor(user: FeedUser): string {
    return this.startSession(user);
  }

  /**
   * The user's session token: the active one when it is still live and derivable with the
   * current secret (its lifetime starts over), else a new one. The caller holds the row's lock,
   * so two simultaneous logins agree on one token.
   */
  resume(user: FeedUser): string {
    const active = this.activeToken(user);
    if (active === undefined) return this.startSession(user);
    user.sessionExpiresAt = this.expiry();
    return active;
  }

  /** Logs the caller out: their token stops working at once. */
  async end(user: FeedUser): Promise<void> {
    user.sessionSeed = null;
    user.sessionTokenHash = null;
    user.sessionExpiresAt = null;
    await this.em.flush();
  }

  private async findCaller(): Promise<FeedUser> {
    if (this.presentedToken === undefined || this.presentedToken === '') throw unauthenticated('An access token is required');
    const user = await this.em.findOne(FeedUser, { sessionTokenHash: hashSessionToken(this.presentedToken) });
    if (!user) throw unauthenticated('The access token is invalid');
    if (!this.isLive(user)) throw unauthenticated('The access token has expired');
    return user;
  }

  private activeToken(user: FeedUser): string | undefined {
    if (user.sessionSeed === null || !this.isLive(user)) return undefined;
    const token = sessionTokenOf(this.policy.secret, user.sessionSeed);
    // A rotated secret derives another token than the one issued: that session cannot be handed back.
    return hashSessionToken(token) === user.sessionTokenHash ? token : undefined;
  }

  private isLive(user: FeedUser): boolean {
    return user.sessionExpiresAt !== null && user.sessionExpiresAt.getTime() > this.now().getTime();
  }

  private startSession(user: FeedUser): string {
    const seed = newSessionSeed();
    const token = sessionTokenOf(this.policy.secret, seed);
    user.sessionSeed = seed;
    user.sessionTokenHash = hashSessionToken(token);
    user.sessionExpiresAt = this.expiry();
    return token;
  }

  private expiry(): Date {
    return new Date(this.now().getTime() + this.policy.ttlSeconds * 1000);
  }
}
