import type { Response } from 'express';
import { HttpResponseMessage, instanceOfIhttpActionResult } from 'inversify-express-utils';
import { sendJson } from '../jsonAnswer';

/**
 * What inversify-express-utils does with a handler's return value: a response
 * message or an action result is sent (asynchronously, so a promise comes
 * back), a function is called, any other value is sent unless the handler
 * answered itself. An object goes through sendJson, res.json's answer at less cost.
 */
export function answerWith(res: Response, value: unknown): Promise<void> | undefined {
  if (value instanceof HttpResponseMessage) return sendMessage(res, value);
  if (instanceOfIhttpActionResult(value)) return value.executeAsync().then((message) => sendMessage(res, message));
  if (value instanceof Function) {
    (value as () => void)();
  } else if (!res.headersSent && value !== undefined) {
    if (typeof value === 'object' && value !== null && !Buffer.isBuffer(value)) sendJson(res, value);
    else res.send(value);
  }
  return undefined;
}

/** A response message as the library sends it: its headers and its content's headers appended, then the content or the bare status. */
async function sendMessage(res: Response, message: HttpResponseMessage): Promise<void> {
  appendHeaders(res, message.headers);
  // A message without content has none, whatever its type says.
  if (message.content === undefined) {
    res.sendStatus(message.statusCode);
    return;
  }
  appendHeaders(res, message.content.headers);
  const content = await message.content.readAsync();
  res.status(message.statusCode).send(content);
}

function appendHeaders(res: Response, headers: Readonly<Record<string, unknown>>): void {
  for (const name of Object.keys(headers)) {
    const value = headers[name];
    res.append(name, typeof value === 'number' ? value.toString() : (value as string | string[]));
  }
}

export function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}
