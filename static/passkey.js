// The passkey buttons of the sign-in and account pages: asks the browser for a
// WebAuthn assertion (or, where the form says data-ceremony="registration", a
// new credential) with the options the form carries, and posts it in the form.
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
  var registration = form.getAttribute('data-ceremony') === 'registration';
  button.addEventListener('click', function () {
    button.disabled = true;
    var optionsJSON = JSON.parse(form.getAttribute('data-options'));
    var ceremony = registration ? browser.startRegistration : browser.startAuthentication;
    ceremony({ optionsJSON: optionsJSON })
      .then(function (answer) {
        form.elements.namedItem(registration ? 'credential' : 'passkey').value = JSON.stringify(answer);
        form.submit();
      })
      .catch(function () {
        button.disabled = false;
      });
  });
})();
