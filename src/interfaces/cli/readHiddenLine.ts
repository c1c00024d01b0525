/** A terminal as the prompt needs it: process.stdin fits. */
export interface TerminalInput {
  setRawMode(mode: boolean): unknown;
  setEncoding(encoding: BufferEncoding): unknown;
  on(event: 'data', listener: (chunk: string) => void): unknown;
  off(event: 'data', listener: (chunk: string) => void): unknown;
  resume(): unknown;
  pause(): unknown;
}

export class PromptCancelledError extends Error {
  constructor() {
    super('cancelled');
  }
}

/**
 * Shows `prompt` on `output` and reads one line from a terminal without echoing
 * it (raw mode: the terminal shows nothing typed). Backspace deletes, Enter
 * ends the line, Ctrl-C and Ctrl-D on an empty line cancel. The terminal is put
 * back in its usual mode whatever happens.
 */
export function readHiddenLine(input: TerminalInput, output: { write(text: string): unknown }, prompt: string): Promise<string> {
  output.write(prompt);
  input.setEncoding('utf8');
  input.setRawMode(true);
  input.resume();
  return new Promise((resolve, reject) => {
    let line = '';
    const finish = (error?: Error) => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      output.write('\n');
      if (error) reject(error);
      else resolve(line);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return finish();
        if (char === '\u0003' || (char === '\u0004' && line === '')) return finish(new PromptCancelledError());
        if (char === '\u007f' || char === '\b') line = [...line].slice(0, -1).join('');
        else if (char >= ' ') line += char;
      }
    };
    input.on('data', onData);
  });
}
