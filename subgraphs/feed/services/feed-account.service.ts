import type { EntityManager } from '@mikro-orm/core';
import { hashPassword, verifyPassword, type LoginThrottle } from '../../../lib/auth';
import { flushClaimingUnique, forUpdate } from '../../../lib/db';
import { AppError, conflict, unauthenticated } from '../../../lib/errors';
import { checkEmail, checkPassword, emailKey } from '../../../lib/validation';
import { FeedUser } from '../entities';
import type { FeedSessionService } from './feed-session.service';
import { checkDisplayName } from '../../../lib/validation';

export interface FeedSession {
  token: string;
  user: FeedUser;
}

export interface Registration {
  name: string;
  email: string;
  password: string;
}

const emailTaken = () => conflict('email', 'email is already registered');

/**
 * A reader's account: registering, logging in and out, the password and the profile. Whether a
 * user is an admin follows `FEED_ADMIN_EMAILS` each time their address is set or they log in.
 */
export class FeedAccountService {
  constructor(
    private readonly em: EntityManager,
    private readonly sessions: FeedSessionService,
    private readonly adminEmails: ReadonlySet<string>,
    private readonly logins: LoginThrottle,
    /** The caller's address, whose failed logins are counted. */
    private readonly clientAddress: string,
  ) {}

  async register(input: Registration): Promise<FeedSession> {
    const name = checkDisplayName(input.name);
    checkEmail(input.email);
    checkPassword(input.password);
    await this.ensureEmailFree(input.email);
    const user = new FeedUser({ email: input.email, name, passwordHash: await hashPassword(input.password) });
    user.isAdmin = this.isAdminEmail(input.email);
    const token = this.sessions.openFor(user);
    await flushClaimingUnique(this.em, user, emailTaken);
    return { token, user };
  }

  /** Unknown address and wrong password look the same, and cost the same time; guesses are throttled. */
  login(email: string, password: string): Promise<FeedSession> {
    return this.logins.attempt(emailKey(email), this.clientAddress, () => this.checkedLogin(email, password));
  }

  private async checkedLogin(email: string, password: string): Promise<FeedSession> {
    const user = email === '' ? null : await this.em.findOne(FeedUser, { emailKey: emailKey(email) });
    const matches = await verifyPassword(password, user?.passwordHash);
    if (!user || !matches) throw unauthenticated('Invalid email or password');
    return this.em.transactional(async (em) => {
      const locked = await em.findOneOrFail(FeedUser, { id: user.id }, { ...forUpdate<FeedUser>(em), refresh: true });
      locked.isAdmin = this.isAdminEmail(locked.email);
      return { token: this.sessions.resume(locked), user: locked };
    });
  }

  async me(): Promise<FeedSession> {
    const user = await this.sessions.currentUser();
    return { token: this.sessions.token, user };
  }

  async logout(): Promise<boolean> {
    await this.sessions.end(await this.sessions.currentUser());
    return true;
  }

  /** The session stays open: the legacy response has no room for a new token. */
  async resetPassword(currentPassword: string, newPassword: string): Promise<boolean> {
    const user = await this.sessions.currentUser();
    checkPassword(newPassword, 'newPassword');
    if (!(await verifyPassword(currentPassword, user.passwordHash))) {
      throw new AppError('UNAUTHENTICATED', 'Current password is incorrect', { field: 'currentPassword' });
    }
    user.passwordHash = await hashPassword(newPassword);
    await this.em.flush();
    return true;
  }

  async editProfile(input: { name: string; email: string }): Promise<FeedUser> {
    const user = await this.sessions.currentUser();
    const name = checkDisplayName(input.name);
    checkEmail(input.email);
    if (emailKey(input.email) !== user.emailKey) await this.ensureEmailFree(input.email);
    user.name = name;
    user.changeEmail(input.email);
    user.isAdmin = this.isAdminEmail(input.email);
    await flushClaimingUnique(this.em, user, emailTaken);
    return user;
  }

  private isAdminEmail(email: string): boolean {
    return this.adminEmails.has(emailKey(email));
  }

  private async ensureEmailFree(email: string): Promise<void> {
    if (await this.em.count(FeedUser, { emailKey: emailKey(email) })) throw emailTaken();
  }
}
