import { expect } from 'chai';
import { recoveryActionFor } from '../../../src/runtime/agents/recovery.js';
import { toolError } from '../../../src/runtime/protocol/errors.js';
import { describe, it } from '../../support/spec.js';

describe('recovery actions for typed failures (A5)', () => {
  it('offers Reconnect folder for a stale, unlinked or ambiguous folder save', () => {
    for (const code of [
      'WORKSPACE_FOLDER_STALE',
      'WORKSPACE_FOLDER_NOT_CONNECTED',
      'WORKSPACE_SIDE_EFFECT_UNKNOWN',
    ])
      expect(recoveryActionFor(toolError(code, 'x', true)), code).to.equal('reconnect-folder');
    const unknownSave = toolError('TOOL_EXECUTION_UNKNOWN', 'x', false, {
      cause: 'WORKSPACE_SIDE_EFFECT_UNKNOWN',
    });
    expect(recoveryActionFor(unknownSave)).to.equal('reconnect-folder');
  });
  it('offers Grant access for a refused permission and Refresh preview for ack failures', () => {
    expect(recoveryActionFor(toolError('WORKSPACE_FOLDER_PERMISSION_DENIED', 'x', true))).to.equal(
      'grant-access',
    );
    for (const code of ['PREVIEW_ACK_TIMEOUT', 'PREVIEW_REVISION_SUPERSEDED'])
      expect(recoveryActionFor(toolError(code, 'x', true)), code).to.equal('refresh-preview');
  });
  it('offers nothing for other failures', () => {
    expect(recoveryActionFor(undefined)).to.equal(null);
    expect(recoveryActionFor(toolError('WORKSPACE_PATCH_NOT_FOUND', 'x', false))).to.equal(null);
    expect(recoveryActionFor(toolError('TOOL_EXECUTION_UNKNOWN', 'x', false))).to.equal(null);
  });
});
