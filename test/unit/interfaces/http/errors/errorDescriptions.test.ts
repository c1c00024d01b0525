import { expect } from 'chai';
import * as domainErrors from '../../../../../src/domain/errors';
import * as consentErrors from '../../../../../src/domain/consentErrors';
import * as deviceErrors from '../../../../../src/domain/deviceErrors';
import * as grantErrors from '../../../../../src/domain/grantErrors';
import { OPENID_NEEDS_ASYMMETRIC_KEY } from '../../../../../src/domain/model/OpenIdScope';
import { ERROR_TABLE, OWN_MESSAGE } from '../../../../../src/interfaces/http/errors/errorTable';
import { isRfcDescription, rfcDescription } from '../../../../../src/interfaces/http/errors/rfcDescription';

const { DomainError } = domainErrors;

/** Every domain error class the service exports, built with a plain argument (those that take one). */
function everyDomainError(): domainErrors.DomainError[] {
  const exported: unknown[] = [...Object.values(domainErrors), ...Object.values(grantErrors), ...Object.values(consentErrors), ...Object.values(deviceErrors)];
  return exported.flatMap((value) => {
    if (typeof value !== 'function' || !(value.prototype instanceof DomainError)) return [];
    try {
      return [new (value as new (...args: unknown[]) => domainErrors.DomainError)('openid', 'client-a')];
    } catch {
      return [];
    }
  });
}

describe('error_description characters (RFC 6749 §4.1.2.1, §5.2: %x20-21 / %x23-5B / %x5D-7E)', () => {
  it('holds for every fixed description of the table, OAuth and bearer', () => {
    const descriptions = Object.entries(ERROR_TABLE).flatMap(([code, entry]) => [
      ...(entry.oauth && entry.oauth.description !== OWN_MESSAGE ? [[code, entry.oauth.description]] : []),
      ...(entry.bearer?.description === undefined ? [] : [[code, entry.bearer.description]]),
    ]);
    expect(descriptions.length).to.be.greaterThan(12);
    for (const [code, description] of descriptions) expect(isRfcDescription(description), `${code}: ${description}`).to.equal(true);
  });

  it('holds for the own message of every domain error whose message the table sends', () => {
    const sent = Object.entries(ERROR_TABLE)
      .filter(([, entry]) => entry.oauth?.description === OWN_MESSAGE)
      .map(([code]) => code);
    const built = [...everyDomainError(), new grantErrors.InvalidScopeError('openid', OPENID_NEEDS_ASYMMETRIC_KEY)].filter((error) => sent.includes(error.code));
    // Every code whose message is sent was built at least once; InvalidRequestError's are written where thrown, and the writers hold them to the rule.
    expect(new Set(built.map((error) => error.code))).to.deep.equal(new Set(sent));
    for (const error of built) expect(isRfcDescription(error.message), `${error.code}: ${error.message}`).to.equal(true);
  });

  it('quotes a refused scope or resource with single quotes, not the double quote the RFC forbids', () => {
    expect(new grantErrors.InvalidScopeError('openid').message).to.equal("the scope 'openid' may not be granted to this client");
    expect(new grantErrors.InvalidTargetError('https://api.example').message).to.equal("the resource 'https://api.example' is not registered for this client");
  });

  it('turns quotes into apostrophes and every other character outside the set into ?, keeping the rest as it is', () => {
    expect(rfcDescription('a "quoted" \\ value\n\u00e9\u0000~ !#[]')).to.equal("a 'quoted' ? value???~ !#[]");
    expect(rfcDescription('prompt "create" is not supported')).to.equal("prompt 'create' is not supported");
    expect(isRfcDescription(' !#[]~')).to.equal(true);
    for (const bad of ['"', '\\', '\x1f', '\x7f', '\u00e9']) expect(isRfcDescription(`a${bad}`), JSON.stringify(bad)).to.equal(false);
  });
});
