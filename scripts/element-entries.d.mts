export function elementEntries(): Array<{ folder: string; tag: string; source: string }>;
