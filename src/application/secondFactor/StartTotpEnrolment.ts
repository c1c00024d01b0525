import type { Clock } from '@auth-service/client';
import type { AuthenticatedUser } from '../../domain/model/AuthenticatedUser';
import type { IdGenerator } from '../../domain/ports/IdGenerator';
import type { QrCodeRenderer } from '../../domain/ports/QrCodeRenderer';
import type { TotpCodes } from '../../domain/ports/TotpCodes';
import type { TotpSecretStore } from '../../domain/ports/TotpSecretStore';
import { TotpEnrolmentStateError } from '../../domain/secondFactorErrors';

export interface StartTotpEnrolmentResult {
  /** Base32, for manual entry. */
  readonly secret: string;
  /** `otpauth://totp/…`: what the QR code holds, shown as text too. */
  readonly uri: string;
  /** The QR code as SVG markup (the CSP allows it; no script, no foreign image). */
  readonly qrSvg: string;
}

/**
 * Starts (or starts over) a user's TOTP enrolment: a new secret, kept pending
 * until ConfirmTotpEnrolment sees a correct code (`keepPending`: the pending
 * one again, if any). A user with a confirmed TOTP factor removes it first
 * (TotpEnrolmentStateError).
 */
export class StartTotpEnrolment {
  constructor(
    private readonly store: Pick<TotpSecretStore, 'findTotp' | 'startTotp'>,
    private readonly codes: Pick<TotpCodes, 'newSecret' | 'uri'>,
    private readonly qr: QrCodeRenderer,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    /** The name the authenticator app shows beside the account (the issuer's host). */
    private readonly issuerName: string,
  ) {}

  async execute(input: { readonly user: AuthenticatedUser; readonly keepPending?: boolean }): Promise<StartTotpEnrolmentResult> {
    const { user } = input;
    const existing = await this.store.findTotp(user.id);
    if (existing?.confirmed === true) throw new TotpEnrolmentStateError('the user holds a TOTP factor already');
    // A page shown again after a wrong code keeps the secret the app may have scanned already.
    const secret = input.keepPending === true && existing !== null ? existing.secret : this.codes.newSecret();
    if (secret !== existing?.secret) await this.store.startTotp(user.id, this.ids.next(), secret, this.clock.now());
    const uri = this.codes.uri(secret, user.account, this.issuerName);
    return { secret, uri, qrSvg: await this.qr.svg(uri) };
  }
}
