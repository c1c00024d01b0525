import type { ServiceIssuer } from '../domain/model/ServiceIssuer';
import type { IssuerStore } from '../domain/ports/IssuerStore';

export interface EnsureIssuerInput {
  /** The issuer from configuration (AUTH_ISSUER) or derived from this instance's port and context path. */
  readonly issuer: string;
  /** True when the operator set AUTH_ISSUER: it wins and the store is left alone. */
  readonly explicit: boolean;
}

export interface EnsureIssuerResult {
  /** The issuer every token and the discovery document carry. */
  readonly issuer: string;
  /**
   * This instance's derived issuer when the store's recorded one differs from it (the port or host changed since
   * the first start): relying parties that discover this instance's address find another `issuer` and refuse it.
   * Null when the issuer is explicit or both agree.
   */
  readonly unlike: string | null;
}

/**
 * Start-up: settle the issuer. An explicit one is used as is; otherwise the
 * issuer recorded in the shared store at first start is (this instance's
 * derived default when none is recorded yet), so instances on other ports and
 * restarts agree on `iss`.
 */
export class EnsureIssuer {
  constructor(
    private readonly store: IssuerStore,
    private readonly issuer: ServiceIssuer,
  ) {}

  async execute(input: EnsureIssuerInput): Promise<EnsureIssuerResult> {
    const settled = input.explicit ? input.issuer : await this.store.recordIssuerIfAbsent(input.issuer);
    this.issuer.use(settled);
    return { issuer: settled, unlike: settled === input.issuer ? null : input.issuer };
  }
}
