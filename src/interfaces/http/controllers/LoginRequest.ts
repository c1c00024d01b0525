import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';

/** null is accepted like an absent field (see parseLoginRequest); the library's types know only OpenAPI 3.0's single type. */
const NULLABLE_CODE = { description: 'verification code; accepted, not checked', type: ['string', 'null'] } as unknown as Parameters<typeof JSONSchema>[0];
const NULLABLE_OTP = {
  description:
    'second factor of a user who has one: a TOTP code (6 digits) or a recovery code (`XXXXX-XXXXX`). With the right password and no or a wrong `otp` the answer is 401 `需要第二步验证`; ignored for a user without one',
  type: ['string', 'null'],
  example: '123456',
} as unknown as Parameters<typeof JSONSchema>[0];

/**
 * The login body as validated at the edge: non-blank strings of sane length.
 * The OpenAPI document's `LoginRequest` schema is generated from these same
 * decorators (class-validator-jsonschema), so the two cannot drift.
 */
@JSONSchema({ description: 'The login body. A missing body, or an empty, blank or non-string username or password, is answered 400.' })
export class LoginRequest {
  @IsString()
  @Matches(/\S/)
  @MaxLength(256)
  @JSONSchema({ description: 'login account' })
  username!: string;

  @IsString()
  @Matches(/\S/)
  @MaxLength(1024)
  @JSONSchema({ description: 'login password', format: 'password' })
  password!: string;

  @IsOptional()
  @IsString()
  @MaxLength(256)
  @JSONSchema(NULLABLE_CODE)
  code?: string;

  @IsOptional()
  @IsString()
  @MaxLength(64)
  @JSONSchema(NULLABLE_OTP)
  otp?: string;
}
