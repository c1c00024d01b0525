// The passkey button of the sign-in pages: asks the browser for a WebAuthn
// assertion with the options the page carries and posts it in the form.
(function () {
  'use strict';
  var form = document.getElementById('passkey-form');
  var button = document.getElementById('passkey-button');
  if (!form || !button) return;
  var browser = window.SimpleWebAuthnBrowser;
  if (!browser || !browser.browserSupportsWebAuthn()) {
    button.disabled = true;
    button.title = form.getAttribute('data-unsupported') || '';
    return;
  }
  button.addEventListener('click', function () {
    button.disabled = true;
    var optionsJSON = JSON.parse(form.getAttribute('data-options'));
    browser
      .startAuthentication({ optionsJSON: optionsJSON })
      .then(function (assertion) {
        form.elements.namedItem('passkey').value = JSON.stringify(assertion);
        form.submit();
      })
      .catch(function () {
        button.disabled = false;
      });
  });
})();
