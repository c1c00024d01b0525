import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A registered OAuth client (`npm run clients -- add`). */
@Entity({ name: 'oauth_clients' })
export class OAuthClientEntity {
  @PrimaryColumn({ name: 'client_id', type: 'varchar', length: 256 })
  clientId!: string;

  /** 'public' or 'confidential'. */
  @Column({ type: 'varchar', length: 16 })
  kind!: string;

  /** SHA-256 (hex) of the generated 256-bit secret; null for a public client. */
  @Column({ name: 'secret_hash', type: 'varchar', length: 64, nullable: true })
  secretHash!: string | null;

  /** JSON array of the exact redirect URIs. */
  @Column({ name: 'redirect_uris', type: 'text' })
  redirectUris!: string;

  /** JSON array of the grants it may use (GrantType names). */
  @Column({ type: 'text' })
  grants!: string;

  /** JSON array of the scopes it may be granted, as registered. */
  @Column({ type: 'text' })
  scopes!: string;

  /** JSON array of the resources (RFC 8707) its tokens may be meant for, exactly as registered. */
  @Column({ type: 'text' })
  resources!: string;

  /** Epoch seconds. */
  @Column({ name: 'created_at', type: 'bigint' })
  createdAt!: string;

  /** The service's own app: no consent page. */
  @Column({ name: 'first_party', type: 'boolean', default: false })
  firstParty!: boolean;

  /** JSON array of the URIs RP-Initiated Logout may return to, as registered. */
  @Column({ name: 'post_logout_redirect_uris', type: 'text', default: '[]' })
  postLogoutRedirectUris!: string;

  /** Every authorization request of the client must carry PKCE (`--require-pkce`). */
  @Column({ name: 'require_pkce', type: 'boolean', default: false })
  requirePkce!: boolean;

  /** The level every sign-in for the client must reach (`--require-acr`); null: a password is enough. */
  @Column({ name: 'require_acr', type: 'varchar', length: 64, nullable: true })
  requireAcr!: string | null;
  /** RFC 7591 metadata shown to the user: null when not registered. */
  @Column({ name: 'client_name', type: 'text', nullable: true })
  name!: string | null;

  @Column({ name: 'logo_uri', type: 'text', nullable: true })
  logoUri!: string | null;

  @Column({ name: 'policy_uri', type: 'text', nullable: true })
  policyUri!: string | null;

  @Column({ name: 'tos_uri', type: 'text', nullable: true })
  tosUri!: string | null;
  /** Back-Channel Logout: where logout tokens go; null when the client takes none. */
  @Column({ name: 'backchannel_logout_uri', type: 'text', nullable: true })
  backchannelLogoutUri!: string | null;

  @Column({ name: 'backchannel_logout_session_required', type: 'boolean', default: false })
  backchannelLogoutSessionRequired!: boolean;
}
