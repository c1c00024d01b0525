import { expect } from 'chai';
import { promptsOf } from '../../../src/domain/model/Prompt';

describe('promptsOf (OpenID Connect Core §3.1.2.1 prompt)', () => {
  it('reads a space-separated list of the four values, each once, in order; absent or blank is the empty list', () => {
    expect(promptsOf(undefined)).to.deep.equal({ prompts: [] });
    expect(promptsOf('')).to.deep.equal({ prompts: [] });
    expect(promptsOf('login')).to.deep.equal({ prompts: ['login'] });
    expect(promptsOf('consent login')).to.deep.equal({ prompts: ['consent', 'login'] });
    expect(promptsOf('login  consent select_account login')).to.deep.equal({ prompts: ['login', 'consent', 'select_account'] });
    expect(promptsOf('none')).to.deep.equal({ prompts: ['none'] });
    expect(promptsOf(' none ')).to.deep.equal({ prompts: ['none'] });
    expect(promptsOf('none none')).to.deep.equal({ prompts: ['none'] });
  });

  it('refuses none with any other value', () => {
    for (const text of ['none login', 'consent none', 'none select_account']) {
      expect(promptsOf(text), text).to.deep.equal({ problem: 'prompt=none may not be combined with other values' });
    }
  });

  it('refuses a value it does not know, naming it (case and separators count)', () => {
    expect(promptsOf('login create')).to.deep.equal({ problem: 'prompt "create" is not supported' });
    expect(promptsOf('Login')).to.deep.equal({ problem: 'prompt "Login" is not supported' });
    expect(promptsOf('login,consent')).to.deep.equal({ problem: 'prompt "login,consent" is not supported' });
    expect(promptsOf('none\tlogin')).to.deep.equal({ problem: 'prompt "none\\tlogin" is not supported' });
  });
});
