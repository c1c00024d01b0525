/** The one response body shape of both services; field order is part of the API. */
export interface ServerResponse<T> {
  success: boolean;
  status: number;
  msg: string;
  data: T | null;
}

/** A success envelope: `{ success: true, status: 200, msg, data }`. */
export function ok<T>(data: T, msg: string): ServerResponse<T> {
  return { success: true, status: 200, msg, data };
}

/** A failure envelope with the HTTP status repeated in the body and `data: null`. */
export function failure(status: number, msg: string): ServerResponse<null> {
  return { success: false, status, msg, data: null };
}
