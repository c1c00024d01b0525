import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/**
 * Creates `count` empty PostgreSQL databases through `adminUrl`, runs `use` on
 * their URLs and drops them again, whatever `use` did: a bench run leaves no
 * database behind.
 */
export async function withPostgres<T>(adminUrl: string, count: number, use: (urls: string[]) => Promise<T>): Promise<T> {
  const names = Array.from({ length: count }, () => `auth_bench_${randomBytes(5).toString('hex')}`);
  const admin = async (sql: string) => {
    const client = new Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  const created: string[] = [];
  try {
    for (const name of names) {
      await admin(`CREATE DATABASE ${name}`);
      created.push(name);
    }
    return await use(
      names.map((name) => {
        const url = new URL(adminUrl);
        url.pathname = `/${name}`;
        return url.toString();
      }),
    );
  } finally {
    for (const name of created) await admin(`DROP DATABASE ${name} WITH (FORCE)`);
  }
}
