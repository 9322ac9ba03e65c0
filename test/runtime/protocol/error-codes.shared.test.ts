import { expect } from 'chai';
import { defineErrorCodes } from '../../../src/runtime/protocol/error-codes.js';
import {
  ENDPOINT_ERROR_CODES,
  endpointError,
  isEndpointConfigurationError,
  isTransientEndpointError,
} from '../../../src/runtime/agents/endpoint/errors.js';
import {
  isOpenRouterConfigurationError,
  isTransientOpenRouterError,
  OPENROUTER_ERROR_CODES,
  openRouterError,
} from '../../../src/runtime/agents/openrouter/errors.js';
import {
  DURABLE_OPERATION_ERROR_CODES,
  durableError,
} from '../../../src/runtime/durable/errors.js';
import { TOOL_CALL_ERROR_CODES } from '../../../src/runtime/protocol/errors.js';
import { PREVIEW_ERROR_CODES, previewError } from '../../../src/runtime/preview/errors.js';
import { WORKSPACE_ERROR_CODES, workspaceError } from '../../../src/runtime/workspace/codes.js';
import { describe, it } from '../../support/spec.js';

// Every code whose error is retryable, family by family: the contract agents and elements read.
function retryableCodes<Code extends string>(
  codes: Readonly<Record<string, Code>>,
  build: (code: Code) => { retryable: boolean },
): string[] {
  return Object.values(codes)
    .filter((code) => build(code).retryable)
    .sort();
}

describe('error-code tables (R4, W3)', () => {
  it('defineErrorCodes keys each code by name, keeps a code string that differs and sorts traits into sets', () => {
    const table = defineErrorCodes({
      A_FAILED: {},
      B_BUSY: { retryable: true },
      C_DOWN: { transient: true },
      D_KEY: { configuration: true },
      E_LOWER: { code: 'e-lower', retryable: true },
    });
    expect(table.codes).to.deep.equal({
      A_FAILED: 'A_FAILED',
      B_BUSY: 'B_BUSY',
      C_DOWN: 'C_DOWN',
      D_KEY: 'D_KEY',
      E_LOWER: 'e-lower',
    });
    expect([...table.retryable].sort()).to.deep.equal(['B_BUSY', 'C_DOWN', 'e-lower']);
    expect([...table.transient]).to.deep.equal(['C_DOWN']);
    expect([...table.configuration]).to.deep.equal(['D_KEY']);
    expect(Object.isFrozen(table.codes)).to.equal(true);
  });

  it('the tool-call table keeps its lower-case capability and transport code strings', () => {
    expect(TOOL_CALL_ERROR_CODES.TOOL_CAPABILITY_UNAVAILABLE).to.equal(
      'tool-capability-unavailable',
    );
    expect(TOOL_CALL_ERROR_CODES.TOOL_TRANSPORT_FAILED).to.equal('tool-transport-failed');
    expect(TOOL_CALL_ERROR_CODES.TOOL_CANCELLED).to.equal('TOOL_CANCELLED');
    expect(Object.keys(TOOL_CALL_ERROR_CODES)).to.have.length(37);
  });

  it('each family marks exactly its retryable codes retryable', () => {
    expect(retryableCodes(WORKSPACE_ERROR_CODES, (c) => workspaceError(c, 'x', {}))).to.deep.equal([
      'WORKSPACE_FOLDER_NOT_CONNECTED',
      'WORKSPACE_FOLDER_PERMISSION_DENIED',
      'WORKSPACE_FOLDER_STALE',
      'WORKSPACE_REVISION_CONFLICT',
    ]);
    expect(
      retryableCodes(DURABLE_OPERATION_ERROR_CODES, (c) => durableError(c, 'x')),
    ).to.deep.equal([
      'DURABLE_OPERATION_CANCELLED',
      'DURABLE_OPERATION_PENDING',
      'DURABLE_OPERATION_STORE_FAILED',
    ]);
    expect(retryableCodes(PREVIEW_ERROR_CODES, (c) => previewError(c, 'x'))).to.deep.equal([
      'PREVIEW_ACK_TIMEOUT',
      'PREVIEW_REVISION_SUPERSEDED',
    ]);
    expect(retryableCodes(ENDPOINT_ERROR_CODES, (c) => endpointError(c, 'x'))).to.deep.equal([
      'ENDPOINT_RATE_LIMITED',
      'ENDPOINT_SERVER_ERROR',
      'ENDPOINT_STREAM_INTERRUPTED',
      'ENDPOINT_TIMEOUT',
      'ENDPOINT_UNKNOWN_TOOL',
      'ENDPOINT_UNREACHABLE',
    ]);
    expect(retryableCodes(OPENROUTER_ERROR_CODES, (c) => openRouterError(c, 'x'))).to.deep.equal([
      'OPENROUTER_INVALID_TOOL_CALL',
      'OPENROUTER_NETWORK_ERROR',
      'OPENROUTER_PROVIDER_ERROR',
      'OPENROUTER_RATE_LIMITED',
      'OPENROUTER_TIMEOUT',
    ]);
  });

  it('the agent families tell transient failures from configuration failures', () => {
    const endpoint = (code: keyof typeof ENDPOINT_ERROR_CODES) =>
      endpointError(ENDPOINT_ERROR_CODES[code], 'x');
    expect(isTransientEndpointError(endpoint('ENDPOINT_TIMEOUT'))).to.equal(true);
    expect(isTransientEndpointError(endpoint('ENDPOINT_UNKNOWN_TOOL'))).to.equal(false);
    expect(isEndpointConfigurationError(endpoint('ENDPOINT_NOT_A_STREAM'))).to.equal(true);
    expect(isEndpointConfigurationError(endpoint('ENDPOINT_TIMEOUT'))).to.equal(false);
    const openRouter = (code: keyof typeof OPENROUTER_ERROR_CODES) =>
      openRouterError(OPENROUTER_ERROR_CODES[code], 'x');
    expect(isTransientOpenRouterError(openRouter('OPENROUTER_NETWORK_ERROR'))).to.equal(true);
    expect(isTransientOpenRouterError(openRouter('OPENROUTER_INVALID_TOOL_CALL'))).to.equal(false);
    expect(isOpenRouterConfigurationError(openRouter('OPENROUTER_SETTINGS_INVALID'))).to.equal(
      true,
    );
    expect(isOpenRouterConfigurationError(openRouter('OPENROUTER_TIMEOUT'))).to.equal(false);
  });
});
