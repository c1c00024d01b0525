import type { Response } from 'express';

/** What a writer did to an express Response: headers set, status, type, body sent or redirect. */
export interface RecordedResponse {
  headers: Record<string, string>;
  status?: number;
  type?: string;
  body?: unknown;
  ended: boolean;
  redirect?: { status: number; url: string };
}

/** A Response fake for the error writers' unit tests: records the calls they make, nothing else. */
export function recordingResponse(): { res: Response; recorded: RecordedResponse } {
  const recorded: RecordedResponse = { headers: {}, ended: false };
  const res = {
    set(field: string | Record<string, string>, value?: string) {
      if (typeof field === 'string') recorded.headers[field] = String(value);
      else Object.assign(recorded.headers, field);
      return res;
    },
    status(code: number) {
      recorded.status = code;
      return res;
    },
    type(type: string) {
      recorded.type = type;
      return res;
    },
    json(body: unknown) {
      recorded.body = body;
      recorded.ended = true;
      return res;
    },
    send(body: unknown) {
      recorded.body = body;
      recorded.ended = true;
      return res;
    },
    end() {
      recorded.ended = true;
      return res;
    },
    redirect(status: number, url: string) {
      recorded.redirect = { status, url };
    },
  };
  return { res: res as unknown as Response, recorded };
}
