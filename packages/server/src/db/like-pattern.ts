/**
 * A LIKE pattern that finds `search` anywhere in the text: `%` and `_` typed into a search box are
 * literal characters, not wildcards.
 */
export const containing = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
