/**
 * The issuer (`iss`) recorded in the shared store, so every instance and every
 * restart, on any port, issues and accepts the same one.
 */
export interface IssuerStore {
  /**
   * Records `issuer` unless an issuer is already recorded (first start wins,
   * racing instances included), and returns the one recorded.
   */
  recordIssuerIfAbsent(issuer: string): Promise<string>;
}
