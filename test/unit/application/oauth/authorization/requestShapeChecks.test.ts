import { expect } from 'chai';
import { checkClientGrant } from '../../../../../src/application/oauth/authorization/checkClientGrant';
import { checkMaxAge } from '../../../../../src/application/oauth/authorization/checkMaxAge';
import { checkPrompt } from '../../../../../src/application/oauth/authorization/checkPrompt';
import { checkRequestObject } from '../../../../../src/application/oauth/authorization/checkRequestObject';
import { checkResponseMode } from '../../../../../src/application/oauth/authorization/checkResponseMode';
import { checkResponseType } from '../../../../../src/application/oauth/authorization/checkResponseType';
import { AuthorizationRequestError } from '../../../../../src/domain/authorizationErrors';
import { UnauthorizedClientError } from '../../../../../src/domain/grantErrors';
import { checkContext, checkRefusal, runCheck, WEB_CLIENT } from '../../../../support/authorizationChecks';

const refused = (error: string, description: string) => ({ error, description });

describe('the authorization request checks of its shape (each one rule with its error)', () => {
  it('checkClientGrant: a client registered for authorization_code passes; one without it is unauthorized_client', () => {
    expect(runCheck(checkClientGrant, checkContext({}))).to.deep.equal({});
    for (const grants of [['refresh_token'], ['client_credentials', 'password'], []] as const) {
      const error = checkRefusal(checkClientGrant, checkContext({}, { client: { ...WEB_CLIENT, grants } }));
      expect(error, grants.join()).to.be.instanceOf(UnauthorizedClientError).with.property('grant', 'authorization_code');
    }
  });

  it('checkResponseType: code passes; absent is invalid_request; anything else unsupported_response_type', () => {
    expect(runCheck(checkResponseType, checkContext({ response_type: 'code' }))).to.deep.equal({});
    expect(checkRefusal(checkResponseType, checkContext({}))).to.be.instanceOf(AuthorizationRequestError).and.deep.include(refused('invalid_request', 'response_type is required'));
    for (const type of ['token', 'code id_token', 'CODE']) {
      expect(checkRefusal(checkResponseType, checkContext({ response_type: type })), type).to.deep.include(refused('unsupported_response_type', 'only response_type=code is supported'));
    }
  });

  it('checkRequestObject: request is request_not_supported, request_uri request_uri_not_supported (request first); neither passes', () => {
    expect(runCheck(checkRequestObject, checkContext({}))).to.deep.equal({});
    expect(checkRefusal(checkRequestObject, checkContext({ request: 'eyJ.x.y', request_uri: 'https://rp.example/r' }))).to.deep.include(
      refused('request_not_supported', 'the request parameter is not supported'),
    );
    expect(checkRefusal(checkRequestObject, checkContext({ request_uri: 'https://rp.example/r' }))).to.deep.include(
      refused('request_uri_not_supported', 'the request_uri parameter is not supported'),
    );
  });

  it('checkResponseMode: absent and query pass; fragment, form_post or anything else is invalid_request', () => {
    expect(runCheck(checkResponseMode, checkContext({}))).to.deep.equal({});
    expect(runCheck(checkResponseMode, checkContext({ response_mode: 'query' }))).to.deep.equal({});
    for (const mode of ['fragment', 'form_post', 'query.jwt', 'QUERY']) {
      expect(checkRefusal(checkResponseMode, checkContext({ response_mode: mode })), mode).to.deep.include(refused('invalid_request', 'response_mode must be query'));
    }
  });

  it('checkPrompt: writes the prompts (none given: the empty list); an unknown value or none with another is invalid_request', () => {
    expect(runCheck(checkPrompt, checkContext({}))).to.deep.equal({ prompts: [] });
    expect(runCheck(checkPrompt, checkContext({ prompt: 'login consent login' }))).to.deep.equal({ prompts: ['login', 'consent'] });
    expect(checkRefusal(checkPrompt, checkContext({ prompt: 'create' }))).to.deep.include(refused('invalid_request', 'prompt "create" is not supported'));
    expect(checkRefusal(checkPrompt, checkContext({ prompt: 'none login' }))).to.deep.include(refused('invalid_request', 'prompt=none may not be combined with other values'));
  });

  it('checkMaxAge: absent writes nothing; up to nine digits are seconds (0 included); anything else is invalid_request', () => {
    expect(runCheck(checkMaxAge, checkContext({}))).to.deep.equal({});
    expect(runCheck(checkMaxAge, checkContext({ max_age: '0' }))).to.deep.equal({ maxAge: 0 });
    expect(runCheck(checkMaxAge, checkContext({ max_age: '999999999' }))).to.deep.equal({ maxAge: 999_999_999 });
    for (const text of ['-1', '1.5', '1e3', '1000000000', ' 5', '5 ', 'x']) {
      expect(checkRefusal(checkMaxAge, checkContext({ max_age: text })), text).to.deep.include(refused('invalid_request', 'max_age must be a number of seconds'));
    }
  });
});
