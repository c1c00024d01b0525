'use strict';
// A module whose loading fails, as one with a missing dependency does.
throw new Error('cannot find the user database settings');
