import { expect } from 'chai';
import { foldedThrough } from '../../../src/domain/model/RevokedTokenCap';

describe('foldedThrough: where a subject\'s revoked tokens fold so that at most the cap stay listed', () => {
  it('folds nothing while they fit, up to the cap itself', () => {
    expect(foldedThrough([], 2)).to.equal(null);
    expect(foldedThrough([30, 20], 2)).to.equal(null);
    expect(foldedThrough([30, 20], Infinity)).to.equal(null);
  });

  it('folds through the iat of the newest token beyond the cap', () => {
    expect(foldedThrough([30, 20, 10, 5], 2)).to.equal(10);
  });

  it('folds that whole second when it straddles the cap, or when every token shares it', () => {
    expect(foldedThrough([30, 20, 20, 5], 2)).to.equal(20);
    expect(foldedThrough([20, 20, 20], 2)).to.equal(20);
  });
});
