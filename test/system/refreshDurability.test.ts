import { expect } from 'chai';
import { AuthProcess, originOf } from '../support/authProcess';
import { STORE_BACKENDS, type SharedDatabase } from '../support/storeBackends';

/** Refresh chains kept in flight at once, and how many refreshes are answered before the process is killed. */
const CHAINS = 16;
const ANSWERED_BEFORE_KILL = 120;

interface Chain {
  /** The last refresh token answered to this chain. */
  current: string;
  /** Tokens presented and answered with a new one: rotated for good. */
  readonly rotated: string[];
  /** Whether a refresh of `current` was sent and not answered when the process died: `current` may or may not be spent. */
  inFlight: boolean;
}

async function tokenRequest(port: number, form: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> }> {
  const answer = await fetch(`${originOf(port)}/auth/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
}

const refresh = (port: number, token: string) => tokenRequest(port, { grant_type: 'refresh_token', refresh_token: token });

/**
 * Durability of the refresh grant (a rotation, with its counts, is one group-committed write): the process is
 * killed with SIGKILL while refreshes are in flight, and started again on the same store. Every refresh token
 * that was answered is usable, unless a refresh of it was still in flight (then it may have been spent), and
 * every token presented and answered is refused: nothing acknowledged was lost.
 */
for (const backend of STORE_BACKENDS) {
  describe(`refreshes answered before a kill -9 hold after the restart (${backend.name})`, function () {
    this.timeout(90_000);
    let database: SharedDatabase;
    let auth: AuthProcess | undefined;

    before(async () => {
      database = await backend.create();
    });

    after(async () => {
      await auth?.stop('SIGKILL');
      await database?.dispose();
    });

    it('every answered token is usable and every rotated one refused', async () => {
      auth = AuthProcess.start({ AUTH_DATABASE_URL: database.url });
      let port = await auth.port();
      const chains: Chain[] = [];
      for (let i = 0; i < CHAINS; i++) {
        const signedIn = await tokenRequest(port, { grant_type: 'password', username: 'admin', password: 'any' });
        expect(signedIn.status).to.equal(200);
        chains.push({ current: String(signedIn.body.refresh_token), rotated: [], inFlight: false });
      }
      const killed = auth;
      let answered = 0;
      const run = async (chain: Chain) => {
        while (answered < ANSWERED_BEFORE_KILL) {
          chain.inFlight = true;
          const next = await refresh(port, chain.current);
          chain.inFlight = false;
          expect(next.status).to.equal(200);
          chain.rotated.push(chain.current);
          chain.current = String(next.body.refresh_token);
          // Killed in the turn the answer arrived in: this chain is settled, the others are mid-request.
          if (++answered === ANSWERED_BEFORE_KILL) killed.child.kill('SIGKILL');
          // Chains pause now and then, so some are settled at the kill besides the one that triggers it.
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 4));
        }
      };
      // A request cut by the kill rejects: its chain stays in flight.
      await Promise.all(chains.map((chain) => run(chain).catch(() => undefined)));
      await killed.exited;

      auth = AuthProcess.start({ AUTH_DATABASE_URL: database.url });
      port = await auth.port();
      const settled = chains.filter((chain) => !chain.inFlight);
      expect(settled.length, 'at least the chain that triggered the kill').to.be.at.least(1);
      for (const chain of settled) expect((await refresh(port, chain.current)).status, 'an answered token').to.equal(200);
      const rotated = chains.flatMap((chain) => chain.rotated);
      expect(rotated.length).to.be.at.least(ANSWERED_BEFORE_KILL);
      for (const token of rotated) {
        const reused = await refresh(port, token);
        expect(reused.status, 'a rotated token').to.equal(400);
        expect(reused.body.error).to.equal('invalid_grant');
      }
    });
  });
}
