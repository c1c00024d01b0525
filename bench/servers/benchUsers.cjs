// The user store of the auth service's OAuth rows (AUTH_USER_STORE=module:…): any
// username the bench makes up is a user of its own, with any password, as the
// default stub store answers every login as its one user. The refresh row needs
// many users: the service allows a user 300 refreshes an hour (REFRESH_LIMIT),
// and a production token endpoint serves many users, each refreshing now and then.
// No findById: like the stub, its users stay active (docs/user-store.md).
'use strict';

module.exports = {
  authenticate(username) {
    return { id: username, account: username, nickName: username, userType: '4' };
  },
};
