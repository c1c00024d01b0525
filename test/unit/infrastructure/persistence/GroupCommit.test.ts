import { expect } from 'chai';
import { GroupCommit } from '../../../../src/infrastructure/persistence/GroupCommit';

/** A commit that records each batch and waits until released, so a test decides when a transaction ends. */
class HeldCommits {
  readonly batches: number[][] = [];
  private readonly releases: (() => void)[] = [];
  failWhen: (items: readonly number[]) => boolean = () => false;
  answers: (items: readonly number[]) => readonly string[] = (items) => items.map((item) => `done ${item}`);

  readonly commit = (items: readonly number[]): Promise<readonly string[]> => {
    this.batches.push([...items]);
    return new Promise((resolve, reject) => {
      this.releases.push(() => (this.failWhen(items) ? reject(new Error(`failed ${items.join(',')}`)) : resolve(this.answers(items))));
    });
  };

  async releaseAll(): Promise<void> {
    for (let round = 0; round < 20; round++) {
      await new Promise((resolve) => setImmediate(resolve));
      this.releases.splice(0).forEach((release) => release());
    }
  }
}

const settle = (promises: Promise<string>[]) => Promise.allSettled(promises).then((all) => all.map((one) => (one.status === 'fulfilled' ? one.value : (one.reason as Error).message)));

describe('GroupCommit: writes that arrive during a commit share the next one', () => {
  it('commits the first item at once, and the items that arrive meanwhile together in the next batch, each answered its own result', async () => {
    const commits = new HeldCommits();
    const group = new GroupCommit(commits.commit);
    const first = group.submit(1);
    expect(commits.batches).to.deep.equal([[1]]);
    const rest = [group.submit(2), group.submit(3), group.submit(4)];
    expect(commits.batches, 'nothing more starts before the first commit ends').to.deep.equal([[1]]);
    await commits.releaseAll();
    expect(await settle([first, ...rest])).to.deep.equal(['done 1', 'done 2', 'done 3', 'done 4']);
    expect(commits.batches).to.deep.equal([[1], [2, 3, 4]]);
  });

  it('answers an item only once its batch has committed', async () => {
    const commits = new HeldCommits();
    const group = new GroupCommit(commits.commit);
    let answered = false;
    void group.submit(1).then(() => (answered = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(answered).to.equal(false);
    await commits.releaseAll();
    expect(answered).to.equal(true);
  });

  it('takes at most maxBatch items a batch, in arrival order', async () => {
    const commits = new HeldCommits();
    const group = new GroupCommit(commits.commit, 2);
    const all = [1, 2, 3, 4, 5, 6].map((item) => group.submit(item));
    await commits.releaseAll();
    await settle(all);
    expect(commits.batches).to.deep.equal([[1], [2, 3], [4, 5], [6]]);
  });

  it('when a batch of several fails, commits each of its items alone: only the item that fails is answered an error', async () => {
    const commits = new HeldCommits();
    commits.failWhen = (items) => items.includes(3);
    const group = new GroupCommit(commits.commit);
    const answers = settle([1, 2, 3, 4].map((item) => group.submit(item)));
    await commits.releaseAll();
    expect(await answers).to.deep.equal(['done 1', 'done 2', 'failed 3', 'done 4']);
    expect(commits.batches).to.deep.equal([[1], [2, 3, 4], [2], [3], [4]]);
  });

  it('a batch of one that fails is answered its error and not tried again; the next items still commit', async () => {
    const commits = new HeldCommits();
    commits.failWhen = (items) => items.length === 1 && items[0] === 1;
    const group = new GroupCommit(commits.commit);
    const answers = settle([group.submit(1), group.submit(2)]);
    await commits.releaseAll();
    expect(await answers).to.deep.equal(['failed 1', 'done 2']);
    expect(commits.batches).to.deep.equal([[1], [2]]);
  });

  it('a commit that answers a batch with the wrong number of answers fails all of its items, without committing them again', async () => {
    const commits = new HeldCommits();
    commits.answers = () => ['only one'];
    const group = new GroupCommit(commits.commit);
    const answers = settle([1, 2, 3].map((item) => group.submit(item)));
    await commits.releaseAll();
    expect(await answers).to.deep.equal(['only one', 'a batch of 2 items was given 1 answers', 'a batch of 2 items was given 1 answers']);
    expect(commits.batches).to.deep.equal([[1], [2, 3]]);
  });

  it('starts again after going idle', async () => {
    const commits = new HeldCommits();
    const group = new GroupCommit(commits.commit);
    const first = group.submit(1);
    await commits.releaseAll();
    await first;
    const second = group.submit(2);
    expect(commits.batches).to.deep.equal([[1], [2]]);
    await commits.releaseAll();
    expect(await second).to.equal('done 2');
  });
});
