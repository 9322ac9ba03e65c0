// The shapes a compiled module graph hands to the frame, shared by the compiler and the flattener.

/** A module the frame creates: its MIME type and its (rewritten) source. */
export type FrameModule = readonly [type: string, source: string];

/** A module's origin: its workspace path and the line of that file its first line is. */
export type ModuleOrigin = readonly [path: string, line: number];
