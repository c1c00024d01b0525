// The account page's "Add a passkey": asks the browser to create a WebAuthn
// credential with the options the form carries and posts it with its name.
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
      .startRegistration({ optionsJSON: optionsJSON })
      .then(function (credential) {
        form.elements.namedItem('credential').value = JSON.stringify(credential);
        form.submit();
      })
      .catch(function () {
        button.disabled = false;
      });
  });
})();
