/** POSTs a logout token to a client's back-channel logout URI (Back-Channel Logout 1.0 §2.5). */
export interface LogoutTokenSender {
  /** Null when the client answered 2xx; otherwise why not (status, timeout, connection error) for the log. Never throws. */
  send(uri: string, logoutToken: string): Promise<string | null>;
}
