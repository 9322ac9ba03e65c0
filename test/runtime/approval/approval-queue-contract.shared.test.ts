import { expect } from 'chai';
import {
  createToolApprovalQueue,
  fingerprintArguments,
  type ToolPolicyInput,
} from '../../../src/runtime/index.js';
import { createWorkspaceDocumentManager } from '../../../src/runtime/workspace/manager.js';
import { describe, it } from '../../support/spec.js';

function input(
  toolCallId: string,
  args: Record<string, unknown> = { path: 'a.css', source: 'x' },
  context: ToolPolicyInput['context'] = { source: 'model', mode: 'agent' },
): ToolPolicyInput {
  return {
    method: 'tools/call',
    toolCallId,
    toolName: 'workspace.writeFile',
    definition: { name: 'workspace.writeFile', description: 'Writes.', inputSchema: {} },
    arguments: args,
    argumentFingerprint: fingerprintArguments(args),
    context,
  };
}

describe('approval queue contract (R18)', () => {
  it('R18 numbers requests approval-1, approval-2… unless given another prefix', () => {
    const queue = createToolApprovalQueue();
    void queue.request(input('a'));
    void queue.request(input('b'));
    expect(queue.store.getSnapshot().map((entry) => entry.id)).to.deep.equal([
      'approval-1',
      'approval-2',
    ]);
    queue.denyAll();
  });

  it('R18 a card without a session shows no sessionId field at all', () => {
    const queue = createToolApprovalQueue();
    void queue.request(input('a'));
    expect(Object.keys(queue.store.getSnapshot()[0]!)).not.to.include('sessionId');
    queue.denyAll();
  });

  it('R18 resolving one call leaves another call, other arguments or another tool pending', async () => {
    const queue = createToolApprovalQueue();
    const first = queue.request(input('a'));
    queue.resolve(queue.store.getSnapshot()[0]!.id, 'approved');
    expect(await first).to.equal('approved');
    // Only the exact binding (call id, tool, arguments) is remembered as answered.
    const asked = (request: ToolPolicyInput) => {
      void queue.request(request);
      const names = queue.store.getSnapshot().map((entry) => entry.toolName);
      queue.denyAll();
      return names;
    };
    expect(asked(input('b'))).to.deep.equal(['workspace.writeFile']);
    expect(asked(input('a', { path: 'b.css', source: 'y' }))).to.deep.equal([
      'workspace.writeFile',
    ]);
    expect(asked({ ...input('a'), toolName: 'workspace.deleteFile' })).to.deep.equal([
      'workspace.deleteFile',
    ]);
    expect(asked(input('a'))).to.deep.equal([]);
  });

  it('R18 aborting the signal of a waiting request denies it and removes its card', async () => {
    const queue = createToolApprovalQueue();
    const controller = new AbortController();
    const answer = queue.request(input('a'), controller.signal);
    expect(queue.store.getSnapshot()).to.have.length(1);
    controller.abort();
    expect(queue.store.getSnapshot()).to.deep.equal([]);
    expect(await answer).to.equal('denied');
  });

  it('R18 only approved approves: any other decision denies', async () => {
    const queue = createToolApprovalQueue();
    const answer = queue.request(input('a'));
    queue.resolve(queue.store.getSnapshot()[0]!.id, 'maybe' as never);
    expect(await answer).to.equal('denied');
  });

  it('R18 an unsubscribed listener hears nothing more; a throwing one does not stop the others', () => {
    const queue = createToolApprovalQueue();
    const heard: string[] = [];
    const errors: unknown[] = [];
    const consoleError = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    try {
      queue.store.subscribe(() => {
        throw new Error('listener bug');
      });
      const stop = queue.store.subscribe(() => heard.push('stopped'));
      queue.store.subscribe(() => heard.push('kept'));
      void queue.request(input('a'));
      stop();
      queue.denyAll();
    } finally {
      console.error = consoleError;
    }
    expect(heard).to.deep.equal(['stopped', 'kept', 'kept']);
    expect(errors).to.have.length(2);
  });

  it('R18 a change summary that throws leaves the card without one', () => {
    const queue = createToolApprovalQueue({ workspace: createWorkspaceDocumentManager() });
    void queue.request({
      ...input('a'),
      describeChange: () => {
        throw new Error('no file');
      },
    });
    const [snapshot] = queue.store.getSnapshot();
    expect(snapshot).not.to.have.property('change');
    expect(snapshot!.textArguments.map((text) => text.name)).to.deep.equal(['path', 'source']);
    queue.denyAll();
  });

  it('R18 remembers at most maxResolved answered bindings, forgetting the oldest first', async () => {
    const queue = createToolApprovalQueue({ maxResolved: 2 });
    for (const id of ['a', 'b', 'c']) {
      const answer = queue.request(input(id));
      queue.denyAll();
      await answer;
    }
    // 'a' was forgotten, so it is asked again; 'b' and 'c' are still refused as replays.
    expect(await queue.request(input('c'))).to.equal('denied');
    expect(await queue.request(input('b'))).to.equal('denied');
    void queue.request(input('a'));
    expect(queue.store.getSnapshot().map((entry) => entry.toolCallId)).to.deep.equal(['a']);
    queue.denyAll();
  });
});
