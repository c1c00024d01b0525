import type { RevokeUserTokens, RevokeUserTokensInput } from '../../src/application/revocation/RevokeUserTokens';

/** Stands in for RevokeUserTokens: records each subject whose tokens were revoked, in order, into `events` too when given. */
export class RecordingUserTokenRevoker implements Pick<RevokeUserTokens, 'execute'> {
  readonly subjects: string[] = [];

  constructor(private readonly events: string[] = []) {}

  async execute(input: RevokeUserTokensInput): Promise<void> {
    this.subjects.push(input.subject);
    this.events.push(`revoke ${input.subject}`);
  }
}
