import type { PresentedAssertion, VerifyClientAssertion } from '../../src/application/clients/VerifyClientAssertion';
import type { OAuthClient } from '../../src/domain/model/OAuthClient';

/**
 * Client assertions as a script: an assertion is written `<client id>~<anything>`, claims the client before
 * the `~` (none when empty), and verifies as the client it is mapped to, or not at all; every check is recorded.
 */
export class ScriptedClientAssertions implements Pick<VerifyClientAssertion, 'claimedClient' | 'execute'> {
  readonly checked: PresentedAssertion[] = [];

  constructor(private readonly valid: ReadonlyMap<string, OAuthClient> = new Map()) {}

  claimedClient(presented: PresentedAssertion): string | null {
    const id = presented.assertion.split('~')[0];
    return id === '' ? null : id;
  }

  async execute(presented: PresentedAssertion): Promise<OAuthClient | null> {
    this.checked.push(presented);
    return this.valid.get(presented.assertion) ?? null;
  }
}
