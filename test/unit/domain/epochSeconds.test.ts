import { expect } from 'chai';
import { epochSeconds } from '../../../src/domain/model/epochSeconds';

describe('epochSeconds', () => {
  it('is the whole seconds since the epoch, rounded down (a JWT NumericDate)', () => {
    expect(epochSeconds(new Date(1_700_000_000_999))).to.equal(1_700_000_000);
    expect(epochSeconds(new Date(1_700_000_000_000))).to.equal(1_700_000_000);
  });
});
