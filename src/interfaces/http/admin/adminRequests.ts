import { Allow, IsArray, IsBoolean, IsIn, IsOptional, IsString } from 'class-validator';
import { USER_STATUSES, type UserStatus } from '../../../domain/model/UserAccount';

/**
 * The admin API's request bodies as validated at the edge (types, known fields); the use cases check the
 * values (lengths, URIs, grants, the password rule). The OpenAPI schemas come from these decorators.
 * `null` counts as absent on create; in a merge patch it clears the field (RFC 7396).
 */
export class NewUserRequest {
  @IsString() account!: string;
  @IsString() password!: string;
  @IsString() nickName!: string;
  @IsOptional() @IsString() userType?: string;
  @IsOptional() @IsString() tenantId?: string;
  @IsOptional() @IsString() telephone?: string;
  @IsOptional() @IsString() avatar?: string;
  @IsOptional() @IsString() email?: string;
  @IsOptional() @IsString() grade?: string;
}

/** A user's merge patch: `status` is what changes; the other fields of the resource may be sent back unchanged. */
export class UserPatchRequest {
  @IsOptional() @IsIn(USER_STATUSES) status?: UserStatus;
  @IsOptional() @IsString() id?: string;
  @IsOptional() @IsString() account?: string;
  @IsOptional() @IsString() nickName?: string;
  @IsOptional() @IsString() userType?: string;
  @IsOptional() @IsString() tenantId?: string;
  @IsOptional() @IsString() telephone?: string;
  @IsOptional() @IsString() avatar?: string;
  @IsOptional() @IsString() email?: string;
  @IsOptional() @IsString() grade?: string;
  @IsOptional() @IsString() createdAt?: string;
  @IsOptional() @IsString() updatedAt?: string;
  @IsOptional() @IsArray() @IsString({ each: true }) secondFactors?: string[];
}

export class PasswordRequest {
  @IsString() password!: string;
}

/** Every field of `clients add|update` but the id and kind, named as `clients show --json` names it. */
class ClientFields {
  @IsOptional() @IsArray() @IsString({ each: true }) redirectUris?: string[];
  @IsOptional() @IsArray() @IsString({ each: true }) grants?: string[];
  @IsOptional() @IsArray() @IsString({ each: true }) scopes?: string[];
  @IsOptional() @IsArray() @IsString({ each: true }) resources?: string[];
  @IsOptional() @IsBoolean() firstParty?: boolean;
  @IsOptional() @IsArray() @IsString({ each: true }) postLogoutRedirectUris?: string[];
  @IsOptional() @IsBoolean() requirePkce?: boolean;
  @IsOptional() @IsBoolean() requireDpop?: boolean;
  @IsOptional() @IsString() name?: string;
  @IsOptional() @IsString() logoUri?: string;
  @IsOptional() @IsString() policyUri?: string;
  @IsOptional() @IsString() tosUri?: string;
  @IsOptional() @IsString() backchannelLogoutUri?: string;
  @IsOptional() @IsBoolean() backchannelLogoutSessionRequired?: boolean;
  /** private_key_jwt: a JWKS (`{"keys": [...]}`) or its list of public keys, as `clients show --json` prints it. */
  @Allow() jwks?: unknown;
  @IsOptional() @IsString() jwksUri?: string;
  @IsOptional() @IsBoolean() requirePar?: boolean;
  @IsOptional() @IsString() requireAcr?: string;
}

/** A new client: every field of `clients add`. */
export class NewClientRequest extends ClientFields {
  @IsString() id!: string;
  @IsIn(['public', 'confidential']) kind!: 'public' | 'confidential';
}

/** A client's merge patch: every field of `clients update`; `id` and `kind` only unchanged (a whole resource sent back). */
export class ClientPatchRequest extends ClientFields {
  @IsOptional() @IsString() id?: string;
  @IsOptional() @IsIn(['public', 'confidential']) kind?: 'public' | 'confidential';
}
