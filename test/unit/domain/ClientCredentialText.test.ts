import { expect } from 'chai';
import { isClientCredentialText } from '../../../src/domain/model/ClientCredentialText';

describe('isClientCredentialText', () => {
  it('accepts printable ids and secrets, spaces and non-ASCII letters included', () => {
    for (const text of ['svc', 'an s3cret with spaces & symbols +%', 'auth-client-demo', 'clé', '客户端']) expect(isClientCredentialText(text), text).to.equal(true);
  });

  it('refuses C0 and C1 controls, DEL, format characters and lone surrogates', () => {
    for (const text of ['a\u0000', 'a\u0009', 'a\u001f', 'a\u007f', 'a\u0085', 'a\u200b', 'a\u202e', 'a\ufeff', 'a\ud800']) {
      expect(isClientCredentialText(text), JSON.stringify(text)).to.equal(false);
    }
  });
});
