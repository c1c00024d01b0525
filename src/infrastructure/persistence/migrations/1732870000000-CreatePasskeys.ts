import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Passkeys: each is a row of second_factors (kind `passkey`, its name the
 * label) with its WebAuthn material here under the same id, the credential
 * id unique; and WebAuthn challenges, one per binding (a sign-in interaction,
 * an account session), taken once. Plain SQL that SQLite and PostgreSQL both accept.
 */
export class CreatePasskeys1732870000000 implements MigrationInterface {
  name = 'CreatePasskeys1732870000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE passkey_credentials (
      factor_id varchar(64) NOT NULL PRIMARY KEY,
      credential_id varchar(1400) NOT NULL,
      public_key text NOT NULL,
      counter bigint NOT NULL,
      synced boolean NOT NULL,
      transports varchar(256) NOT NULL
    )`);
    await queryRunner.query('CREATE UNIQUE INDEX ux_passkey_credentials_credential_id ON passkey_credentials (credential_id)');
    await queryRunner.query(`CREATE TABLE webauthn_challenges (
      binding varchar(400) NOT NULL PRIMARY KEY,
      challenge varchar(128) NOT NULL,
      expires_at bigint NOT NULL
    )`);
    await queryRunner.query('CREATE INDEX ix_webauthn_challenges_expires_at ON webauthn_challenges (expires_at)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX ix_webauthn_challenges_expires_at');
    await queryRunner.query('DROP TABLE webauthn_challenges');
    await queryRunner.query('DROP INDEX ux_passkey_credentials_credential_id');
    await queryRunner.query('DROP TABLE passkey_credentials');
  }
}
