import { expect } from 'chai';
import { InvalidCredentialsError, KeyUnavailableError, TokenInvalidError, TooManyLoginAttemptsError } from '../../../../../src/domain/errors';
import { UntrustedRedirectError } from '../../../../../src/domain/grantErrors';
import { LogoutRequestRefusedError } from '../../../../../src/application/oauth/EndSession';
import { pageAnswerOf, sendErrorPage } from '../../../../../src/interfaces/http/errors/errorPage';
import { recordingResponse } from '../../../../support/RecordingResponse';

describe('the error page writer', () => {
  it('gives the table’s page status: 400 for a refusal the user sees, 429 or 503 with the wait', () => {
    expect(pageAnswerOf(new UntrustedRedirectError('redirect_uri is not registered for this client'))).to.deep.equal({ status: 400 });
    expect(pageAnswerOf(new LogoutRequestRefusedError('unknown client'))).to.deep.equal({ status: 400 });
    expect(pageAnswerOf(new InvalidCredentialsError())).to.deep.equal({ status: 400 });
    expect(pageAnswerOf(new TooManyLoginAttemptsError(9))).to.deep.equal({ status: 429, retryAfterSeconds: 9 });
    expect(pageAnswerOf(new KeyUnavailableError())).to.deep.equal({ status: 503, retryAfterSeconds: 60 });
  });

  it('has no page for an error that is not the user’s to see', () => {
    expect([new TokenInvalidError('invalid'), new TypeError('x')].map(pageAnswerOf)).to.deep.equal([null, null]);
  });

  it('sends the page as HTML with its status, and Retry-After only when there is a wait', () => {
    const busy = recordingResponse();
    sendErrorPage(busy.res, { status: 429, retryAfterSeconds: 9 }, '<p>busy</p>');
    expect(busy.recorded).to.deep.include({ status: 429, type: 'html', body: '<p>busy</p>', headers: { 'Retry-After': '9' } });
    const refused = recordingResponse();
    sendErrorPage(refused.res, { status: 400 }, '<p>no</p>');
    expect(refused.recorded).to.deep.include({ status: 400, type: 'html', body: '<p>no</p>', headers: {} });
  });
});
