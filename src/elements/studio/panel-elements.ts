/**
 * The studio's elements besides the editor and the preview: the file tree, chat, trace,
 * workspace actions and approval gate. One chunk, loaded by `load-panels.ts`, so a first
 * visit evaluates and lays out only what the editor and the preview need before both are there.
 */
import '../explorer/explorer.js';
import '../trace/trace.js';
import '../approval/approval.js';
import '../chat/chat.js';
import '../actions/actions.js';
