import type { OverviewModel, TotpEnrolModel } from '../../../../../src/interfaces/http/account/accountPages';

/** An account page with one of everything: a TOTP app and a passkey, this session and another (one from before sign-in times were kept), an app. */
export function fullOverview(language: 'en' | 'zh'): OverviewModel {
  return {
    language,
    staticBase: '/auth/static',
    csrfToken: 'CSRF-TOKEN',
    account: 'alice',
    passkeyOptions: { challenge: 'c', rp: { id: 'localhost' } },
    notice: 'passkey_added',
    overview: {
      factors: [
        { id: 'f-totp', userId: 'u', kind: 'totp', label: 'totp', createdAt: new Date('2026-01-02T03:04:05Z') },
        { id: 'f-pk', userId: 'u', kind: 'passkey', label: 'Laptop', createdAt: new Date('2026-01-03T04:05:06Z') },
      ],
      recoveryCodesLeft: 9,
      sessions: [
        { sid: 's-here', signedInAt: new Date('2026-01-04T05:06:07Z'), expiresAt: new Date('2026-01-04T13:06:07Z'), current: true },
        { sid: 's-other', signedInAt: null, expiresAt: new Date('2026-01-05T00:00:00Z'), current: false },
      ],
      consents: [
        { clientId: 'app', name: 'App', scopes: ['openid', 'profile'] },
        { clientId: 'bare', name: 'Bare', scopes: [] },
      ],
    },
  };
}

export const TOTP_SETUP: TotpEnrolModel = {
  language: 'en',
  staticBase: '/auth/static',
  csrfToken: 'CSRF-TOKEN',
  account: 'alice',
  secret: 'JBSWY3DPEHPK3PXP',
  uri: 'otpauth://totp/localhost:alice?secret=JBSWY3DPEHPK3PXP&issuer=localhost',
  qrSvg: '<svg viewBox="0 0 1 1"></svg>',
  error: 'wrong_code',
};
