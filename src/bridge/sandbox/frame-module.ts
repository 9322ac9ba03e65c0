// The shapes a compiled module graph hands to the frame, shared by the compiler and the flattener.

/** A module the frame creates: its MIME type and its (rewritten) source. */
export type FrameModule = readonly [type: string, source: string];

/**
 * Per generated line, flat pairs `[generated column, source column, …]` (0-based), empty where
 * the line keeps its columns (`source-map-columns.ts`).
 */
export type ColumnTable = readonly (readonly number[])[];

/**
 * A module's origin: its workspace path, the line of that file its first line is, and for a
 * transpiled module the columns its lines map back to (an error's place then names the column).
 */
export type ModuleOrigin = readonly [path: string, line: number, columns?: ColumnTable];
