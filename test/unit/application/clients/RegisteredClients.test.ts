import { expect } from 'chai';
import { RegisteredClients } from '../../../../src/application/clients/RegisteredClients';
import { InMemoryOAuthClientStore } from '../../../support/InMemoryOAuthClientStore';
import { registeredClient } from '../../../support/oauthClients';

describe('RegisteredClients: the registrations as grants see them when nothing is withheld', () => {
  const web = registeredClient({ id: 'web', kind: 'confidential', redirectUris: ['https://web.example/cb'], scopes: ['openid'] });
  const clients = new RegisteredClients(new InMemoryOAuthClientStore([{ client: web, secret: 'web-secret' }]));

  it('finds a registration as stored, an unknown id as null', async () => {
    expect(await clients.find('web')).to.deep.equal(web);
    expect(await clients.find('nobody')).to.equal(null);
  });

  it('takes a registration already read as it is', () => {
    expect(clients.asGranted(web)).to.equal(web);
  });
});
