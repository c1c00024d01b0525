import { expect } from 'chai';
import { QrcodeSvgRenderer } from '../../../../src/infrastructure/secondFactor/QrcodeSvgRenderer';

describe('QrcodeSvgRenderer', () => {
  it('draws the text as SVG markup, not an image reference or a script', async () => {
    const svg = await new QrcodeSvgRenderer().svg('otpauth://totp/auth.example:alice?secret=GEZDGNBVGY3TQOJQ');
    expect(svg).to.match(/^<svg [^>]*viewBox="0 0 (\d+) \1"/);
    expect(svg).to.include('<path');
    expect(svg).not.to.include('<script');
    expect(svg).not.to.include('<image');
  });

  it('uses error correction level M and a quiet zone of 2 modules: 60 bytes fit version 4 (33 modules), which level H could not', async () => {
    const renderer = new QrcodeSvgRenderer();
    const size = (svg: string) => Number(/viewBox="0 0 (\d+)/.exec(svg)![1]);
    // 33 modules (version 4) + 2 × 2 of margin: level M holds 62 bytes there, level H only 34.
    expect(size(await renderer.svg('x'.repeat(60)))).to.equal(37);
  });
});
