import { expect } from 'chai';
import { checkClientOptions, ConfigError, type ClientOptions, type OptionNames } from '../../src/index';
import { resolveClientOptions } from '../../src/infrastructure/config/ClientOptions';

const BASE: ClientOptions = { authServerUrl: 'http://auth.internal:8001', appId: 'orders', appSecret: 'a-long-enough-secret' };

function problemsOf(options: ClientOptions, nodeEnv: string | undefined): readonly string[] {
  try {
    resolveClientOptions(options, nodeEnv);
  } catch (error) {
    expect(error).to.be.instanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  return [];
}

describe('allowInsecureHttp: no keys or secrets over plain http in production unless asked for', () => {
  it('refuses a plain http URL to a host that is not loopback under NODE_ENV=production, naming the URL and the option', () => {
    expect(problemsOf(BASE, 'production')).to.deep.equal([
      'authServerUrl http://auth.internal:8001 is plain http to a host that is not loopback under NODE_ENV=production: ' +
        'the app secret, keys and revocations would cross the network readable; use https, or set allowInsecureHttp to true to allow it',
    ]);
    // NODE_ENV as the services read it elsewhere: surrounding blanks do not matter.
    expect(problemsOf(BASE, ' production ')).to.have.length(1);
  });

  it('names the URL without its user information, query or fragment, and keeps a path prefix', () => {
    const [problem] = problemsOf({ ...BASE, authServerUrl: 'http://user:pw@10.1.2.3:8080/gateway/?x=1#f' }, 'production');
    expect(problem).to.match(/^authServerUrl http:\/\/10\.1\.2\.3:8080\/gateway\/ is plain http/);
    expect(problem).to.not.include('pw');
  });

  it('refuses every non-loopback host, also ones that only look local', () => {
    for (const authServerUrl of ['http://10.0.0.5', 'http://127.0.0.1.nip.io', 'http://[::ffff:7f00:1]:8001', 'http://localhost.example.com', 'http://[::2]', 'http://128.0.0.1', 'http://auth']) {
      expect(problemsOf({ ...BASE, authServerUrl }, 'production'), authServerUrl).to.have.length(1);
    }
  });

  it('accepts loopback (127.0.0.0/8 in any spelling, ::1, localhost) and https in production', () => {
    for (const authServerUrl of ['http://127.0.0.1:8001', 'http://127.9.8.7', 'http://127.1', 'http://[::1]:8001', 'http://localhost:8001', 'http://LOCALHOST', 'https://auth.example.com']) {
      expect(problemsOf({ ...BASE, authServerUrl }, 'production'), authServerUrl).to.deep.equal([]);
    }
  });

  it('accepts plain http anywhere outside production, and in production with allowInsecureHttp: true', () => {
    for (const nodeEnv of [undefined, '', 'development', 'test', 'productionish']) expect(problemsOf(BASE, nodeEnv), String(nodeEnv)).to.deep.equal([]);
    const resolved = resolveClientOptions({ ...BASE, allowInsecureHttp: true }, 'production');
    expect(resolved.allowInsecureHttp).to.equal(true);
    expect(resolveClientOptions(BASE, 'test').allowInsecureHttp).to.equal(false);
  });

  it('allowInsecureHttp must be a boolean, and an explicit false still refuses', () => {
    expect(problemsOf({ ...BASE, allowInsecureHttp: 'yes' as unknown as boolean }, 'test')).to.deep.equal(['allowInsecureHttp must be true or false']);
    expect(problemsOf({ ...BASE, allowInsecureHttp: 'yes' as unknown as boolean }, 'production')).to.have.length(2);
    expect(problemsOf({ ...BASE, allowInsecureHttp: false }, 'production')).to.have.length(1);
  });

  it('leaves a URL that is not one to the URL check (one problem, not two)', () => {
    expect(problemsOf({ ...BASE, authServerUrl: 'not a url' }, 'production')).to.deep.equal(['authServerUrl must be an absolute http(s) URL']);
    expect(problemsOf({ ...BASE, authServerUrl: 'ftp://auth.internal' }, 'production')).to.deep.equal(['authServerUrl must be an absolute http(s) URL']);
    expect(problemsOf({ ...BASE, authServerUrl: undefined as unknown as string }, 'production')).to.deep.equal(['authServerUrl must be an absolute http(s) URL']);
  });

  it('reports under the caller\'s names (the demo client names its variables) beside every other problem', () => {
    const names = { authServerUrl: 'AUTH_SERVER_URL', allowInsecureHttp: 'AUTH_ALLOW_INSECURE_HTTP', appId: 'AUTH_APP_ID' } as OptionNames;
    const { problems } = checkClientOptions({ ...BASE, appId: '' }, names, 'production');
    expect(problems).to.have.length(2);
    expect(problems[0]).to.match(/^AUTH_APP_ID /);
    expect(problems[1]).to.match(/^AUTH_SERVER_URL http:\/\/auth\.internal:8001 is plain http .* set AUTH_ALLOW_INSECURE_HTTP to true to allow it$/);
  });

  it('reads NODE_ENV when options are resolved, not at import', () => {
    const saved = process.env.NODE_ENV;
    try {
      process.env.NODE_ENV = 'production';
      expect(() => resolveClientOptions(BASE)).to.throw(ConfigError, /allowInsecureHttp/);
      expect(checkClientOptions(BASE, { authServerUrl: 'url', allowInsecureHttp: 'allow' } as OptionNames).problems).to.have.length(1);
      process.env.NODE_ENV = 'test';
      expect(resolveClientOptions(BASE).authServerUrl).to.equal(BASE.authServerUrl);
      expect(checkClientOptions(BASE, { authServerUrl: 'url', allowInsecureHttp: 'allow' } as OptionNames).problems).to.deep.equal([]);
    } finally {
      if (saved === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = saved;
    }
  });
});
