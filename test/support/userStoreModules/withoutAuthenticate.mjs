// A module that exports something, but not authenticate.
export function login() {
  return null;
}
