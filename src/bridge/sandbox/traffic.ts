/**
 * The host's count of what one loaded document sent on its port, per revision: console,
 * selection, escape and fetch messages stop counting once the count or byte cap is reached. The
 * bridge applies the same caps before posting; this side holds even if it did not.
 */
import { PREVIEW_DIAGNOSTIC_CODES, type PreviewDiagnostic } from '../../runtime/preview/index.js';
import {
  frameMessageBytes,
  PREVIEW_MESSAGE_LIMITS,
  PREVIEW_MESSAGE_TYPES as TYPES,
  type FrameMessage,
} from './messages.js';

const COUNTED = new Set<string>([TYPES.console, TYPES.selection, TYPES.escape, TYPES.fetch]);

export class FrameTraffic {
  private revision = -1;
  private messages = 0;
  private bytes = 0;
  private capped = false;

  /** 'pass', 'drop', or 'cap' for the first message over a cap of this revision. */
  admit(message: FrameMessage): 'pass' | 'drop' | 'cap' {
    if (!COUNTED.has(message.type)) return 'pass';
    if (message.revision !== this.revision) {
      this.revision = message.revision;
      this.messages = 0;
      this.bytes = 0;
      this.capped = false;
    }
    if (this.capped) return 'drop';
    const size = frameMessageBytes(message);
    const limits = PREVIEW_MESSAGE_LIMITS;
    if (
      this.messages + 1 > limits.messagesPerRevision ||
      this.bytes + size > limits.bytesPerRevision
    ) {
      this.capped = true;
      return 'cap';
    }
    this.messages += 1;
    this.bytes += size;
    return 'pass';
  }
}

export function trafficCapDiagnostic(revision: number): PreviewDiagnostic {
  const { messagesPerRevision, bytesPerRevision } = PREVIEW_MESSAGE_LIMITS;
  return {
    level: 'warning',
    code: PREVIEW_DIAGNOSTIC_CODES.TRAFFIC_CAPPED,
    message: `Revision ${revision} sent more than ${messagesPerRevision} messages or ${bytesPerRevision / 1024} KiB to the host; the rest were dropped.`,
  };
}
