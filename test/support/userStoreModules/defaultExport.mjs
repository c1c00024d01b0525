// The contract's functions on the default export of an ES module.
export default {
  async authenticate(username, password) {
    return username === 'gina' && password === 'gina-password-1' ? { id: 'g-1', account: 'gina', nickName: 'Gina', userType: '4' } : null;
  },
};
