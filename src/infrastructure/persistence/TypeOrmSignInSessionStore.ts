import { LessThanOrEqual, type DataSource } from 'typeorm';
import type { AuthenticatedUser } from '../../domain/model/AuthenticatedUser';
import type { SignInSession, SignInSessionStore } from '../../domain/ports/SignInSessionStore';
import { SignInSessionEntity } from './SignInSessionEntity';
import { tokenDigest } from './tokenDigest';

/** SignInSessionStore on TypeORM: rows by the digest of the cookie value; ending one deletes it. */
export class TypeOrmSignInSessionStore implements SignInSessionStore {
  constructor(private readonly dataSource: DataSource) {}

  async create(token: string, session: SignInSession): Promise<void> {
    await this.dataSource.getRepository(SignInSessionEntity).insert({
      sessionHash: tokenDigest(token),
      subject: session.user.id,
      userClaims: JSON.stringify(session.user),
      expiresAt: String(session.expiresAt),
      authTime: String(session.authTime),
    });
  }

  async find(token: string, now: number): Promise<SignInSession | null> {
    const row = await this.dataSource.getRepository(SignInSessionEntity).findOneBy({ sessionHash: tokenDigest(token) });
    if (row === null || Number(row.expiresAt) <= now) return null;
    return { user: JSON.parse(row.userClaims) as AuthenticatedUser, authTime: row.authTime === null ? 0 : Number(row.authTime), expiresAt: Number(row.expiresAt) };
  }

  async end(token: string): Promise<void> {
    await this.dataSource.getRepository(SignInSessionEntity).delete({ sessionHash: tokenDigest(token) });
  }

  async revokeSubject(subject: string): Promise<void> {
    await this.dataSource.getRepository(SignInSessionEntity).delete({ subject });
  }

  async purge(now: number): Promise<number> {
    // ix_signin_sessions_expires_at: one indexed range delete.
    const result = await this.dataSource.getRepository(SignInSessionEntity).delete({ expiresAt: LessThanOrEqual(String(now)) });
    return result.affected ?? 0;
  }
}
