import { expect } from 'chai';
import { FixedClock } from '../../support/FixedClock';
import { FormBrowser } from '../../support/formBrowser';
import { STORE_BACKENDS } from '../../support/storeBackends';
import { TwoInstancesOnOneStore } from '../../support/TwoInstancesOnOneStore';

const CALLBACK = 'https://shop.example/cb';
// BASE64URL(SHA-256('v' × 43)), RFC 7636 §4.2.
const CHALLENGE = '7w_YNF9DSfIdPf_pRjSq646_kPr-2-o9NAl16JGghdM';

/**
 * The pages name the app as registered (`clients add --name … --policy-uri …
 * --tos-uri …`), HTML-escaped, and the consent page says in words, in English
 * and in Chinese, what each scope releases.
 */
describe('The sign-in, consent and logout pages name the app by its registered name', function () {
  this.timeout(30_000);
  let instances: TwoInstancesOnOneStore;
  let origin: string;

  before(async () => {
    instances = await TwoInstancesOnOneStore.start(STORE_BACKENDS[0], new FixedClock(new Date()), {
      register: async (commands) => {
        await commands.addUser('carol', '--nick', 'Carol');
        await commands.addClient('shop', '--redirect-uri', CALLBACK, '--public', '--scope', 'openid', '--scope', 'profile', '--scope', 'email', '--scope', 'phone', '--scope', 'offline_access',
          '--scope', 'orders:read', '--name', 'Shop & <Co>', '--policy-uri', 'https://shop.example/privacy', '--tos-uri', 'https://shop.example/terms');
        await commands.addClient('plain', '--redirect-uri', CALLBACK, '--public', '--scope', 'openid');
      },
    });
    origin = instances.firstOrigin;
  });

  after(() => instances?.dispose());

  const authorizeUrl = (clientId: string, scope: string, extra: Record<string, string> = {}) =>
    `${origin}/auth/oauth/authorize?${new URLSearchParams({ response_type: 'code', client_id: clientId, redirect_uri: CALLBACK, code_challenge: CHALLENGE, code_challenge_method: 'S256', scope, ...extra })}`;

  async function consentPage(url: string): Promise<string> {
    const browser = new FormBrowser();
    const form = await browser.get(url);
    const signedIn = await browser.submitForm(url, await form.text(), { username: 'carol', password: 'carol-pass' });
    expect(signedIn.status).to.equal(200);
    return signedIn.text();
  }

  it('the sign-in form names the app by its name, escaped; an app without one by its id', async () => {
    expect(await (await fetch(authorizeUrl('shop', 'openid'))).text()).to.include('to continue to <strong>Shop &#38; &#60;Co&#62;</strong>');
    expect(await (await fetch(authorizeUrl('plain', 'openid'))).text()).to.include('to continue to <strong>plain</strong>');
  });

  it('the consent page: the name, the policy and terms links, every claim of each scope in words (English)', async () => {
    const html = await consentPage(authorizeUrl('shop', 'openid profile email phone offline_access orders:read'));
    expect(html).to.include('The application <strong>Shop &#38; &#60;Co&#62;</strong> asks for:');
    for (const words of [
      'Knowing who you are (your user id)',
      'Your name, nickname, picture, account name, user id and user type',
      'Your email address',
      'Your phone number',
      'Staying signed in to the app (a refresh token)',
      'Access: <code>orders:read</code>',
    ]) {
      expect(html).to.include(`<li>${words}</li>`);
    }
    expect(html).to.include('<a href="https://shop.example/privacy" target="_blank" rel="noopener noreferrer">Privacy policy</a>');
    expect(html).to.include('<a href="https://shop.example/terms" target="_blank" rel="noopener noreferrer">Terms of service</a>');
  });

  it('the consent page in Chinese (ui_locales=zh-CN)', async () => {
    const html = await consentPage(authorizeUrl('shop', 'openid profile email phone offline_access', { ui_locales: 'zh-CN' }));
    expect(html).to.include('<html lang="zh-CN">');
    expect(html).to.include('应用 <strong>Shop &#38; &#60;Co&#62;</strong> 请求获取：');
    for (const words of ['确认您的身份（用户编号）', '您的姓名、昵称、头像、账号名、用户编号和用户类型', '您的电子邮件地址', '您的电话号码', '让应用保持您的登录（刷新令牌）', '隐私政策', '服务条款']) {
      expect(html).to.include(words);
    }
  });

  it('the logout confirmation names the app by its name', async () => {
    const page = await fetch(`${origin}/auth/oauth/logout?client_id=shop`);
    expect(page.status).to.equal(200);
    expect(await page.text()).to.include('<strong>Shop &#38; &#60;Co&#62;</strong>');
  });

  it('the signed-out page after the confirmation names the app that asked', async () => {
    const browser = new FormBrowser();
    const url = `${origin}/auth/oauth/logout?client_id=shop`;
    const confirmation = await browser.get(url);
    const signedOut = await browser.submitForm(url, await confirmation.text(), {});
    expect(signedOut.status).to.equal(200);
    expect(await signedOut.text()).to.include('<h1>Signed out</h1>').and.include('The application <strong>Shop &#38; &#60;Co&#62;</strong> asked to sign you out.');
  });
});
