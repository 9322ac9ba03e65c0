import { expect } from 'chai';
import {
  createDefaultToolPolicy,
  createToolApprovalQueue,
  createToolRegistry,
  fingerprintArguments,
  TOOL_CALL_ERROR_CODES as CODES,
  type ToolPolicyInput,
} from '../../../src/runtime/index.js';
import { describe, it } from '../../support/spec.js';
import { createWriteFile, tick } from '../registry/fixtures.js';

function input(
  toolCallId: string,
  { toolName = 'web.setTitle', source = 'model', destructive = false } = {},
): ToolPolicyInput {
  const args = { title: toolCallId };
  return {
    method: 'tools/call',
    toolCallId,
    toolName,
    definition: {
      name: toolName,
      description: 'Sets.',
      inputSchema: { type: 'object' },
      ...(destructive ? { annotations: { destructiveHint: true } } : {}),
    },
    arguments: args,
    argumentFingerprint: fingerprintArguments(args),
    context: { source: source as 'model', mode: 'agent', sessionId: 'run-1' },
  };
}

const head = (queue: ReturnType<typeof createToolApprovalQueue>) => queue.store.getSnapshot()[0]!;

describe('approval choices', () => {
  it('allow for this session skips the card for that tool and caller only, until revoked', async () => {
    const queue = createToolApprovalQueue();
    const first = queue.request(input('a'));
    expect(head(queue).choices).to.deep.equal({ once: true, session: true, reason: true });
    expect(queue.resolve(head(queue).id, 'approved', { remember: 'session' })).to.equal(true);
    expect(await first).to.equal('approved');
    expect(queue.grants.getSnapshot().map((grant) => [grant.toolName, grant.source])).to.deep.equal(
      [['web.setTitle', 'model']],
    );

    // Same tool and caller: no card.
    expect(await queue.request(input('b'))).to.equal('approved');
    expect(queue.store.getSnapshot()).to.deep.equal([]);
    // Another tool, or another caller: a card.
    const other = queue.request(input('c', { toolName: 'web.setAccent' }));
    const mcp = queue.request(input('d', { source: 'mcp' }));
    expect(queue.store.getSnapshot().map((card) => card.toolCallId)).to.deep.equal(['c', 'd']);
    queue.denyAll();
    expect([await other, await mcp]).to.deep.equal(['denied', 'denied']);

    // Revoked: the card comes back.
    expect(queue.grants.revoke(queue.grants.getSnapshot()[0]!.id)).to.equal(true);
    expect(queue.grants.getSnapshot()).to.deep.equal([]);
    const again = queue.request(input('e'));
    expect(queue.store.getSnapshot().map((card) => card.toolCallId)).to.deep.equal(['e']);
    queue.resolve(head(queue).id, 'approved');
    expect(await again).to.equal('approved');
  });

  it('a destructive tool is never allowed for the session unless the site permits it', async () => {
    const queue = createToolApprovalQueue();
    const call = queue.request(input('a', { destructive: true }));
    expect(head(queue).choices.session).to.equal(false);
    expect(queue.resolve(head(queue).id, 'approved', { remember: 'session' })).to.equal(false);
    expect(queue.store.getSnapshot()).to.have.length(1);
    queue.resolve(head(queue).id, 'approved');
    expect(await call).to.equal('approved');
    expect(queue.grants.getSnapshot()).to.deep.equal([]);

    const permissive = createToolApprovalQueue({ choices: { allowSessionForDestructive: true } });
    void permissive.request(input('b', { destructive: true }));
    expect(head(permissive).choices.session).to.equal(true);
  });

  it('a site turns each choice off', async () => {
    const queue = createToolApprovalQueue({
      choices: { allowOnce: false, allowSession: false, denyReason: false },
    });
    const call = queue.request(input('a'));
    expect(head(queue).choices).to.deep.equal({ once: false, session: false, reason: false });
    expect(queue.resolve(head(queue).id, 'approved', { remember: 'session' })).to.equal(false);
    expect(queue.resolve(head(queue).id, 'approved')).to.equal(false);
    queue.resolve(head(queue).id, 'denied', { reason: 'not told to the model' });
    expect(await call).to.equal('denied');
  });

  it("a denial's reason is the error text the model reads", async () => {
    const { tool, runs } = createWriteFile();
    const queue = createToolApprovalQueue();
    const registry = createToolRegistry({
      toolPolicy: createDefaultToolPolicy(),
      approvalQueue: queue,
    });
    registry.register(tool);
    const result = registry.executeModelToolCall({
      id: 'm',
      name: 'workspace.writeFile',
      arguments: { path: 'a.css', source: 'x' },
    });
    await tick();
    queue.resolve(head(queue).id, 'denied', { reason: '  Keep the blue header.  ' });
    const error = (await result).error;
    expect(error?.code).to.equal(CODES.TOOL_APPROVAL_DENIED);
    expect(error?.message).to.equal(
      'The call to workspace.writeFile was not approved: Keep the blue header.',
    );
    expect(error?.details).to.deep.include({ reason: 'Keep the blue header.' });
    expect(runs).to.have.length(0);
  });
});
