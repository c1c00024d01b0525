import type { DataSource } from 'typeorm';

/** Revoked tokens per subject: the most the per-subject cap lets one subject hold. */
export const TOKENS_PER_SUBJECT = 100;

/**
 * Writes `count` token revocations straight into the store's table, 100 per
 * subject, in force for the next hour, written ten minutes ago: a list as
 * large as a busy deployment's, none of it a change a `since` reader still
 * has to be sent.
 */
export async function fillRevocations(dataSource: DataSource, count: number): Promise<void> {
  const now = Date.now();
  const batch: string[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    await dataSource.query(`INSERT INTO token_revocations (kind, ref, at, keep_until, changed_at, subject, issued_at) VALUES ${batch.join(',')}`);
    batch.length = 0;
  };
  const seconds = Math.floor(now / 1000);
  for (let i = 0; i < count; i++) {
    const subject = `bench-subject-${Math.floor(i / TOKENS_PER_SUBJECT)}`;
    batch.push(`('token', 'bench-${i.toString(16).padStart(8, '0')}-0000-4000-8000-000000000000', ${seconds + 3600}, ${seconds + 3630}, ${now - 600_000}, '${subject}', ${seconds - 60})`);
    if (batch.length === 500) await flush();
  }
  await flush();
}
