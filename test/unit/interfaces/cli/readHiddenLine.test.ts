import { EventEmitter } from 'node:events';
import { expect } from 'chai';
import { PromptCancelledError, readHiddenLine, type TerminalInput } from '../../../../src/interfaces/cli/readHiddenLine';

/** A terminal that records its raw-mode switches; `type` delivers keystrokes. */
class FakeTerminal extends EventEmitter implements TerminalInput {
  readonly rawModes: boolean[] = [];
  setRawMode(mode: boolean): this {
    this.rawModes.push(mode);
    return this;
  }
  setEncoding(): this {
    return this;
  }
  resume(): this {
    return this;
  }
  pause(): this {
    return this;
  }
  type(keys: string): void {
    this.emit('data', keys);
  }
}

describe('readHiddenLine: the users CLI password prompt at a terminal', () => {
  it('echoes nothing typed, honours backspace, ends at Enter and puts the terminal back', async () => {
    const terminal = new FakeTerminal();
    let shown = '';
    const line = readHiddenLine(terminal, { write: (text: string) => (shown += text) }, 'password (not shown): ');
    terminal.type('secx\u007f');
    terminal.type('ret 1\r');
    expect(await line).to.equal('secret 1');
    expect(shown).to.equal('password (not shown): \n');
    expect(terminal.rawModes).to.deep.equal([true, false]);
    expect(terminal.listenerCount('data')).to.equal(0);
  });

  it('cancels on Ctrl-C, terminal restored', async () => {
    const terminal = new FakeTerminal();
    const line = readHiddenLine(terminal, { write: () => undefined }, '');
    terminal.type('abc\u0003');
    const error = await line.then(() => null, (e: unknown) => e);
    expect(error).to.be.instanceOf(PromptCancelledError);
    expect(terminal.rawModes).to.deep.equal([true, false]);
  });
});
