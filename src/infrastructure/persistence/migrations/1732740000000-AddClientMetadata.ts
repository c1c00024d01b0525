import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * RFC 7591 client metadata the pages show the user: the app's name and its
 * logo, privacy policy and terms URIs. Clients from before have none (null).
 * Plain SQL that SQLite and PostgreSQL both accept.
 */
export class AddClientMetadata1732740000000 implements MigrationInterface {
  name = 'AddClientMetadata1732740000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const column of COLUMNS) await queryRunner.query(`ALTER TABLE oauth_clients ADD COLUMN ${column} text`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const column of [...COLUMNS].reverse()) await queryRunner.query(`ALTER TABLE oauth_clients DROP COLUMN ${column}`);
  }
}

const COLUMNS = ['client_name', 'logo_uri', 'policy_uri', 'tos_uri'] as const;
