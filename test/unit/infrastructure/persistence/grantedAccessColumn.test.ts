import { expect } from 'chai';
import { grantedAccessOf, grantedAccessText } from '../../../../src/infrastructure/persistence/grantedAccessColumn';

describe('the granted column of codes and refresh families', () => {
  it('keeps scopes and resources exactly, in order', () => {
    const granted = { scopes: ['orders:read', 'openid'], resources: ['https://orders.example', 'https://b.example/api'] };
    expect(grantedAccessOf(grantedAccessText(granted))).to.deep.equal(granted);
  });

  it('reads a row from before the column as a grant of nothing in particular', () => {
    expect(grantedAccessOf(null)).to.deep.equal({ scopes: [], resources: [] });
  });
});
