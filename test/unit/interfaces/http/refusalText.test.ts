import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHINESE_REFUSAL_FALLBACK, refusalText } from '../../../../src/interfaces/http/refusalText';

const ROOT = join(__dirname, '..', '..', '..', '..');

/** Every refusal the authorization and logout pages show, as the domain and the routers word it. */
const REFUSALS: ReadonlyArray<readonly [english: string, chinese: string]> = [
  ['unknown client', '未知的应用：client_id 未注册。'],
  ['redirect_uri is required', '缺少 redirect_uri：该应用注册了多个回调地址。'],
  ['redirect_uri is not registered for this client', '该 redirect_uri 未为此应用注册。'],
  ['client_id and redirect_uri must be given once', 'client_id 和 redirect_uri 只能各出现一次。'],
  ['client_id does not match the id_token_hint', 'client_id 与 id_token_hint 不符。'],
  ['post_logout_redirect_uri must be given once', 'post_logout_redirect_uri 只能出现一次。'],
  ['id_token_hint is too long', 'id_token_hint 过长。'],
];

describe('refusalText: the refusal pages speak the page language, the detail included', () => {
  it('keeps the English message on an English page', () => {
    for (const [english] of REFUSALS) expect(refusalText(english, 'en')).to.equal(english);
    expect(refusalText('anything <else>', 'en')).to.equal('anything <else>');
  });

  it('says each refusal in Chinese on a Chinese page', () => {
    for (const [english, chinese] of REFUSALS) expect(refusalText(english, 'zh'), english).to.equal(chinese);
  });

  it('says a refusal it has no sentence for in a general Chinese sentence, never in English', () => {
    for (const unknown of ['something new went wrong', 'unknown client!', 'Redirect_uri is required', 'x must be given once twice']) {
      expect(refusalText(unknown, 'zh'), unknown).to.equal(CHINESE_REFUSAL_FALLBACK);
    }
  });

  it('uses only characters of the files the font cut command reads (static/fonts/README.md)', () => {
    const command = readFileSync(join(ROOT, 'static/fonts/README.md'), 'utf8');
    const files = [...command.matchAll(/readFileSync\('([^']+)'/g)].map((match) => match[1]);
    expect(files).to.include('src/interfaces/http/refusalText.ts');
    const cut = new Set(files.flatMap((file) => [...readFileSync(join(ROOT, file), 'utf8')]));
    const said = [...REFUSALS.map(([english]) => refusalText(english, 'zh')), CHINESE_REFUSAL_FALLBACK].join('');
    expect([...new Set([...said].filter((c) => c.codePointAt(0)! > 0x2000 && !cut.has(c)))]).to.deep.equal([]);
  });
});
