export function publicEntries(): string[];

export function listUndocumented(options?: { entries?: string[]; under?: string }): string[];
