import { authenticationColumns, authenticationOfColumns } from './authenticationColumns';
import type { Authentication } from '../../domain/model/AuthenticationLevel';
import { LessThanOrEqual, MoreThan, type DataSource } from 'typeorm';
import type { AuthenticatedUser } from '../../domain/model/AuthenticatedUser';
import type { SignInSession, SignInSessionStore } from '../../domain/ports/SignInSessionStore';
import { SignInSessionClientEntity } from './SignInSessionClientEntity';
import { SignInSessionEntity } from './SignInSessionEntity';
import { tokenDigest } from './tokenDigest';

/** SignInSessionStore on TypeORM: rows by the digest of the cookie value; ending one deletes it with its clients. */
export class TypeOrmSignInSessionStore implements SignInSessionStore {
  constructor(private readonly dataSource: DataSource) {}

  async create(token: string, session: SignInSession): Promise<void> {
    await this.dataSource.getRepository(SignInSessionEntity).insert({
      sessionHash: tokenDigest(token),
      subject: session.user.id,
      userClaims: JSON.stringify(session.user),
      expiresAt: String(session.expiresAt),
      authTime: String(session.authTime),
      sid: session.sid ?? null,
      ...authenticationColumns(session.authentication),
    });
  }

  async find(token: string, now: number): Promise<SignInSession | null> {
    const row = await this.dataSource.getRepository(SignInSessionEntity).findOneBy({ sessionHash: tokenDigest(token) });
    if (row === null || Number(row.expiresAt) <= now) return null;
    return {
      user: JSON.parse(row.userClaims) as AuthenticatedUser,
      authTime: row.authTime === null ? 0 : Number(row.authTime),
      expiresAt: Number(row.expiresAt),
      ...(row.sid === null ? {} : { sid: row.sid }),
      ...authenticationOfColumns(row.acr, row.amr),
    };
  }

  async end(token: string): Promise<void> {
    const sessions = this.dataSource.getRepository(SignInSessionEntity);
    const row = await sessions.findOneBy({ sessionHash: tokenDigest(token) });
    if (row === null) return;
    if (row.sid !== null) await this.dataSource.getRepository(SignInSessionClientEntity).delete({ sid: row.sid });
    await sessions.delete({ sessionHash: row.sessionHash });
  }

  async endSid(subject: string, sid: string): Promise<boolean> {
    const result = await this.dataSource.getRepository(SignInSessionEntity).delete({ subject, sid });
    await this.dataSource.getRepository(SignInSessionClientEntity).delete({ subject, sid });
    return (result.affected ?? 0) > 0;
  }

  async raise(token: string, authentication: Authentication, authTime: number): Promise<void> {
    await this.dataSource.getRepository(SignInSessionEntity).update({ sessionHash: tokenDigest(token) }, { ...authenticationColumns(authentication), authTime: String(authTime) });
  }

  async addClient(sid: string, subject: string, clientId: string, expiresAt: number): Promise<void> {
    // Once per session and client: a second code to the same client changes nothing.
    await this.dataSource
      .createQueryBuilder()
      .insert()
      .into(SignInSessionClientEntity)
      .values({ sid, clientId, subject, expiresAt: String(expiresAt) })
      .orIgnore()
      .execute();
  }

  async clientsOf(sid: string): Promise<readonly string[]> {
    const rows = await this.dataSource.getRepository(SignInSessionClientEntity).findBy({ sid });
    return rows.map((row) => row.clientId);
  }

  async clientsOfSubject(subject: string): Promise<readonly { sid: string; clientId: string }[]> {
    const rows = await this.dataSource.getRepository(SignInSessionClientEntity).findBy({ subject });
    return rows.map(({ sid, clientId }) => ({ sid, clientId }));
  }

  async sessionsOfSubject(subject: string, now: number): Promise<readonly SignInSession[]> {
    const rows = await this.dataSource.getRepository(SignInSessionEntity).findBy({ subject, expiresAt: MoreThan(String(now)) });
    return rows
      .map((row) => ({
        user: JSON.parse(row.userClaims) as AuthenticatedUser,
        authTime: row.authTime === null ? 0 : Number(row.authTime),
        expiresAt: Number(row.expiresAt),
        ...(row.sid === null ? {} : { sid: row.sid }),
      }))
      .sort((a, b) => a.authTime - b.authTime || a.expiresAt - b.expiresAt);
  }

  async revokeSubject(subject: string): Promise<void> {
    await this.dataSource.getRepository(SignInSessionEntity).delete({ subject });
    await this.dataSource.getRepository(SignInSessionClientEntity).delete({ subject });
  }

  async purge(now: number): Promise<number> {
    // ix_signin_sessions_expires_at: one indexed range delete.
    const result = await this.dataSource.getRepository(SignInSessionEntity).delete({ expiresAt: LessThanOrEqual(String(now)) });
    await this.dataSource.getRepository(SignInSessionClientEntity).delete({ expiresAt: LessThanOrEqual(String(now)) });
    return result.affected ?? 0;
  }
}
